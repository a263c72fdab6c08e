import { describe, expect, it } from 'vitest';
import {
  displayName,
  formatAmount,
  formatAmountCompact,
  formatPrice,
  formatPriceFull,
  formatUsd,
  formatUsdCompact,
  shortenAddress,
  stableBucket,
  userInitials,
} from './format';
import { splitFullName } from './account/schemas';
import { toFieldErrors } from './errors';

describe('formatPrice (product §6, decision 0035)', () => {
  it.each([
    ['12345.678', '12,345.68'],
    ['1000.5', '1,000.50'],
    ['1000', '1,000.00'],
    ['12.3456', '12.35'],
    ['12.345', '12.35'],
    ['1', '1.0000'],
    ['0.5', '0.5000'],
    ['0.011', '0.0110'],
    ['0.01', '0.010000'],
    ['0.005', '0.005000'],
    ['0.0001', '0.000100'],
    ['0.000098738', '0.0₄98738'],
    ['0.00009873849', '0.0₄98738'],
    ['0.00009873850', '0.0₄98739'],
    ['0.00001234', '0.0₄1234'],
    ['0.00001', '0.0₄1'],
    ['0.0000999996', '0.000100'],
    ['0.00000999996', '0.0₄1'],
    ['0.000000000000123456', '0.0₁₂12346'],
    [`0.${'0'.repeat(29)}1`, '0.0₂₉1'],
    ['-0.000098738', '-0.0₄98738'],
    ['-12345.678', '-12,345.68'],
    ['123456789012345678901234567890.129', '123,456,789,012,345,678,901,234,567,890.13'],
    ['0', '0.00'],
    ['-0', '0.00'],
    [1e-30, '0.0₂₉1'],
    [9.8738e-5, '0.0₄98738'],
    [1e21, '1,000,000,000,000,000,000,000.00'],
    [null, '—'],
    [undefined, '—'],
    ['', '—'],
    ['not a number', '—'],
    ['1e', '—'],
    [Number.NaN, '—'],
    [Number.POSITIVE_INFINITY, '—'],
  ])('%s → %s', (input, expected) => {
    expect(formatPrice(input)).toBe(expected);
  });

  it('never writes exponential notation', () => {
    for (let exponent = -60; exponent <= 40; exponent++) {
      for (const mantissa of ['1', '9.99999', '4.2']) {
        const text = formatPrice(`${mantissa}e${exponent}`);
        expect(text).not.toMatch(/e/i);
        expect(text).not.toBe('—');
      }
    }
  });
});

describe('formatPriceFull', () => {
  it.each([
    ['0.000098738', '0.000098738'],
    ['0.0000987380', '0.000098738'],
    ['12345.678', '12,345.678'],
    [1e-30, `0.${'0'.repeat(29)}1`],
    ['-0.5', '-0.5'],
    ['0', '0'],
    [null, '—'],
  ])('%s → %s', (input, expected) => {
    expect(formatPriceFull(input)).toBe(expected);
  });
});

describe('formatUsd', () => {
  it.each([
    ['1234.561', '$1,234.56'],
    ['1', '$1.00'],
    ['9999.994', '$9,999.99'],
    ['12345678.9', '$12,345,679'],
    ['10000', '$10,000'],
    ['0.5', '$0.5000'],
    ['0.000098738', '$0.0₄98738'],
    ['-1234.5', '-$1,234.50'],
    ['0', '$0.00'],
    [null, '—'],
  ])('%s → %s', (input, expected) => {
    expect(formatUsd(input)).toBe(expected);
  });
});

describe('formatUsdCompact', () => {
  it.each([
    ['12345678', '$12.35M'],
    ['1200', '$1.20K'],
    ['999.99', '$999.99'],
    ['999.996', '$1.00K'],
    ['999995', '$1.00M'],
    ['2500000000', '$2.50B'],
    ['3000000000000000', '$3,000.00T'],
    ['-12345678', '-$12.35M'],
    ['0.000098738', '$0.0₄98738'],
    [null, '—'],
  ])('%s → %s', (input, expected) => {
    expect(formatUsdCompact(input)).toBe(expected);
  });
});

describe('formatAmountCompact', () => {
  it.each([
    ['99950000', '99.95M'],
    ['100000000.000000000000000001', '100M'],
    ['1200', '1.2K'],
    ['999.5', '999.5'],
    ['999.996', '1K'],
    ['0', '0'],
    ['-2500000000', '-2.5B'],
    [null, '—'],
  ])('%s → %s', (input, expected) => {
    expect(formatAmountCompact(input)).toBe(expected);
  });
});

describe('formatAmount (product §6: one rule for token amounts)', () => {
  it.each([
    ['0', '0'],
    ['0.000000', '0'],
    ['1234.5000', '1,234.5'],
    ['1100000.000000000000000000', '1,100,000'],
    ['0.1234565', '0.123457'],
    ['0.0000001', '<0.000001'],
    ['-2.5', '-2.5'],
    ['1e5', '—'],
  ])('%s → %s', (input, expected) => {
    expect(formatAmount(input)).toBe(expected);
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
