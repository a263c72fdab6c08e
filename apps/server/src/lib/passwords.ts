import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const BLOCK_SIZE = 8; // r
const PARALLELISM = 1; // p

function scrypt(password: Buffer, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

function scryptOptions(logN: number, r: number, p: number): ScryptOptions {
  const N = 2 ** logN;
  // Node's default maxmem (32 MiB) is below what N=2^17, r=8 needs (128 * N * r = 128 MiB).
  return { N, r, p, maxmem: 256 * N * r * p + 1024 * 1024 };
}

/**
 * The password as typed: UTF-8 bytes, no trimming, no Unicode normalisation, no truncation,
 * so what the user typed at registration is exactly what verifies later.
 */
const toBytes = (password: string) => Buffer.from(password, 'utf8');

export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(toBytes(password), salt, KEY_LENGTH, scryptOptions(logN, BLOCK_SIZE, PARALLELISM));
  return ['scrypt', logN, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

interface ParsedHash {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !key) return null;
  const parsed = {
    logN: Number(logN),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt, 'base64'),
    key: Buffer.from(key, 'base64'),
  };
  if (![parsed.logN, parsed.r, parsed.p].every(Number.isInteger) || parsed.key.length === 0) return null;
  return parsed;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await scrypt(
    toBytes(password),
    parsed.salt,
    parsed.key.length,
    scryptOptions(parsed.logN, parsed.r, parsed.p),
  );
  return timingSafeEqual(key, parsed.key);
}

/** True when a stored hash was made with weaker parameters than today's; rehash at next sign-in. */
export function needsRehash(stored: string, logN: number): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.logN < logN || parsed.r < BLOCK_SIZE;
}

// zxcvbn-ts ships ~49,000 common passwords from breach corpora; compared case-insensitively,
// as 'Password1' is no safer than 'password1'.
const commonPasswords = new Set(dictionary.passwords.map((p: string) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

export const commonPasswordCount = commonPasswords.size;
