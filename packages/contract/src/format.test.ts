import { describe, expect, it } from 'vitest';
import { displayName, formatPrice, shortenAddress, stableBucket, userInitials } from './format';
import { splitFullName } from './account';
import { toFieldErrors } from './errors';

describe('formatPrice (product §6)', () => {
  it.each([
    ['12345.678', '12,345.68'],
    ['1000.5', '1,000.50'],
    ['1000', '1000.00'],
    ['12.3456', '12.35'],
    ['0.5', '0.5000'],
    ['0.011', '0.0110'],
    ['0.005', '0.005000'],
    ['0.00001234', '1.2340e-5'],
    [null, '—'],
    ['not a number', '—'],
  ])('%s → %s', (input, expected) => {
    expect(formatPrice(input)).toBe(expected);
  });
});

describe('names', () => {
  it('displayName uses first + last only when both are set', () => {
    expect(displayName({ username: 'ada', first_name: 'Ada', last_name: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayName({ username: 'ada', first_name: 'Ada', last_name: '' })).toBe('ada');
  });
  it('userInitials falls back to the username, then U', () => {
    expect(userInitials({ username: 'ada', first_name: 'ada', last_name: 'lovelace' })).toBe('AL');
    expect(userInitials({ username: 'zed', first_name: 'Zed', last_name: '' })).toBe('Z');
    expect(userInitials({})).toBe('U');
  });
  it('splitFullName: first word, then the rest', () => {
    expect(splitFullName('  Ada  Lovelace   Byron ')).toEqual({ first_name: 'Ada', last_name: 'Lovelace Byron' });
    expect(splitFullName('Plato')).toEqual({ first_name: 'Plato', last_name: '' });
  });
  it('stableBucket is stable and in range', () => {
    expect(stableBucket('alice', 6)).toBe(stableBucket('alice', 6));
    for (const name of ['a', 'bob', 'carol', 'dave']) expect(stableBucket(name, 6)).toBeLessThan(6);
  });
});

describe('shortenAddress', () => {
  it('keeps 6 + 4', () => {
    expect(shortenAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234...5678');
  });
});

describe('toFieldErrors', () => {
  it('orders by the form, keeps check order within a field, and names unknown keys', () => {
    const errors = toFieldErrors(
      [
        { path: ['b'], message: 'b1' },
        { path: [], message: 'x', code: 'unrecognized_keys', keys: ['zzz'] },
        { path: ['a'], message: 'a1' },
        { path: ['a'], message: 'a2' },
      ],
      ['a', 'b'],
    );
    expect(errors.map((e) => e.message)).toEqual(['a1', 'a2', 'b1', "Unknown field 'zzz'."]);
  });
});
