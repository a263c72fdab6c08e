import { describe, expect, it } from 'vitest';
import { pairedTokenLabel } from './paired-token';

describe('pairedTokenLabel', () => {
  it('names the paired token by symbol, else by short address', () => {
    expect(pairedTokenLabel({ address: '0x1234567890abcdef1234567890abcdef12345678', symbol: 'USDT' })).toBe('USDT');
    expect(pairedTokenLabel({ address: '0x1234567890abcdef1234567890abcdef12345678', symbol: null })).toBe(
      '0x1234...5678',
    );
  });
});
