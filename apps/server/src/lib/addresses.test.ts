import { describe, expect, it } from 'vitest';
import { normalizeAddress, toChecksumAddress, toChecksumAddressIfAddress } from './addresses';

// EIP-55's own test vector: the checksummed spelling of a mixed-case address.
const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const LOWER = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';

describe('normalizeAddress', () => {
  it('stores every spelling of one address the same way', () => {
    expect(normalizeAddress(CHECKSUMMED)).toBe(LOWER);
    expect(normalizeAddress(LOWER)).toBe(LOWER);
    expect(normalizeAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(LOWER);
  });

  it('refuses what is not an address', () => {
    for (const bad of ['', '0x', LOWER.slice(0, 41), `${LOWER}0`, LOWER.replace('0x', ''), `${LOWER.slice(0, 41)}g`]) {
      expect(() => normalizeAddress(bad), bad).toThrow(TypeError);
    }
  });
});

describe('toChecksumAddress', () => {
  it('presents the EIP-55 spelling whatever the stored case', () => {
    expect(toChecksumAddress(LOWER)).toBe(CHECKSUMMED);
    expect(toChecksumAddress(CHECKSUMMED)).toBe(CHECKSUMMED);
    expect(toChecksumAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(CHECKSUMMED);
  });

  it('re-spells a mixed case with a wrong checksum instead of refusing it', () => {
    const wrong = '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(toChecksumAddress(wrong)).toBe(CHECKSUMMED);
  });

  it('round-trips through the stored spelling', () => {
    expect(toChecksumAddress(normalizeAddress(CHECKSUMMED))).toBe(CHECKSUMMED);
    expect(() => toChecksumAddress('0x1234')).toThrow(TypeError);
  });
});

describe('toChecksumAddressIfAddress', () => {
  it('checksums addresses and leaves anything else as it came', () => {
    expect(toChecksumAddressIfAddress(LOWER)).toBe(CHECKSUMMED);
    expect(toChecksumAddressIfAddress('0x12;=1+1')).toBe('0x12;=1+1');
  });
});

describe('the spellings already computed', () => {
  it('answer the same after the memo was cleared for being full', () => {
    const many = Array.from({ length: 10_050 }, (_, i) => `0x${i.toString(16).padStart(40, 'a')}`);
    const first = many.map(toChecksumAddress);
    expect(many.map(toChecksumAddress)).toEqual(first);
    expect(toChecksumAddress(LOWER)).toBe(CHECKSUMMED);
  });
});
