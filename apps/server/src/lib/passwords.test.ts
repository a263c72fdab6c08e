import { describe, expect, it } from 'vitest';
import { commonPasswordCount, hashPassword, isCommonPassword, needsRehash, verifyPassword } from './passwords';

describe('passwords', () => {
  it('uses scrypt N=2^17, r=8, p=1 by default parameters and stores them with a random salt', async () => {
    const a = await hashPassword('correct horse battery staple', 17);
    const b = await hashPassword('correct horse battery staple', 17);
    const [scheme, logN, r, p, salt, key] = a.split('$');
    expect([scheme, logN, r, p]).toEqual(['scrypt', '17', '8', '1']);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery staple', a)).toBe(true);
    expect(await verifyPassword('correct horse battery staple ', a)).toBe(false);
  });

  it('verifies with the parameters stored in the hash, and flags weaker ones for rehashing', async () => {
    const weak = await hashPassword('pa55-word-xyz', 10);
    expect(await verifyPassword('pa55-word-xyz', weak)).toBe(true);
    expect(needsRehash(weak, 17)).toBe(true);
    expect(needsRehash(weak, 10)).toBe(false);
    expect(await verifyPassword('anything', 'garbage')).toBe(false);
  });

  it('has a common-password list of at least 10,000 entries', () => {
    expect(commonPasswordCount).toBeGreaterThanOrEqual(10_000);
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('PASSWORD')).toBe(true);
    expect(isCommonPassword('violet-harbour-92-lantern')).toBe(false);
  });
});
