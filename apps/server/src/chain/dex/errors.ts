/** A pool that is not what it claims, or not of the DEX asked for: shown to the user as a 4xx (plugins/error-handler.ts). */
export class PoolVerificationError extends Error {
  override name = 'PoolVerificationError';
}
