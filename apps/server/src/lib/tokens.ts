import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe; far above the 128-bit floor for session identifiers. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
