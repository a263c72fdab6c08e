import { createProjectBodySchema, TOKEN_NAME_MAX_LENGTH, TOKEN_SYMBOL_MAX_LENGTH } from '@tokendesk/contract';
import { describe, expect, it } from 'vitest';
import { bytes32Text } from './token-info';
import {
  cleanUntrustedText,
  TOKEN_NAME_TEXT_MAX,
  TOKEN_SYMBOL_TEXT_MAX,
  tokenNameText,
  tokenSymbolText,
  untrustedText,
} from './untrusted-text';

const NUL = String.fromCharCode(0);

/** What Add Project says about a name and symbol, exactly as the server validates them. */
function accepted(name: string, symbol: string) {
  return createProjectBodySchema.safeParse({
    network: 1,
    contract_address: `0x${'1'.repeat(40)}`,
    name,
    token_symbol: symbol,
    token_decimal: 18,
  });
}

describe('untrustedText', () => {
  it('removes NULs, C0/C1 controls, DEL, bidi overrides, zero-width characters and noncharacters', () => {
    expect(untrustedText(`US${NUL}DT${NUL}${NUL}`, 32)).toBe('USDT');
    expect(untrustedText('A\u0001B\u001fC\u007fD\u0085E\u009fF', 32)).toBe('ABCDEF');
    // "USDT" spoofed with a right-to-left override and zero-width characters.
    expect(untrustedText('\u202eTDSU\u202c', 32)).toBe('TDSU');
    expect(untrustedText('U\u200bS\u200cD\u200dT\u2060\ufeff', 32)).toBe('USDT');
    expect(untrustedText('A\u2066B\u2069C\u061c\u200e\u200f', 32)).toBe('ABC');
    expect(untrustedText('X\ufffeY\uffffZ\u{10ffff}', 32)).toBe('XYZ');
    expect(untrustedText('soft\u00adhyphen', 32)).toBe('softhyphen');
  });

  it('normalises whitespace: newlines, tabs and Unicode spaces become one space; trimmed', () => {
    expect(untrustedText('  Wrapped\t\tEther\r\n', 32)).toBe('Wrapped Ether');
    expect(untrustedText('a\u2028b\u00a0\u00a0c\u3000d', 32)).toBe('a b c d');
    // A removed control between two spaces leaves one space.
    expect(untrustedText(`a ${NUL} b`, 32)).toBe('a b');
    expect(untrustedText(` ${NUL}\t\u200b `, 32)).toBe('');
  });

  it('replaces invalid UTF-8 and lone surrogates with U+FFFD', () => {
    expect(untrustedText(new Uint8Array([0x41, 0xff, 0x42, 0xc3, 0x28]), 32)).toBe('A\ufffdB\ufffd(');
    expect(untrustedText(new Uint8Array([0xe2, 0x82, 0xac]), 32)).toBe('€');
    expect(untrustedText('a\ud800b', 32)).toBe('a\ufffdb');
    expect(cleanUntrustedText('a\ud800b', 32).altered).toBe(true);
  });

  it('decodes bytes32 names up to their NUL padding, invalid UTF-8 included', () => {
    const pad = (hex: string) => `0x${hex.padEnd(64, '0')}` as const;
    expect(untrustedText(bytes32Text(pad('4d4b52')), 32)).toBe('MKR');
    expect(untrustedText(bytes32Text(pad('41ff42')), 32)).toBe('A\ufffdB');
    // Bytes after the first NUL are padding, whatever they hold.
    expect(untrustedText(bytes32Text(pad('53594d0001ff')), 32)).toBe('SYM');
    expect(untrustedText(bytes32Text(pad('')), 32)).toBe('');
    expect(untrustedText(bytes32Text(`0x${'41'.repeat(32)}`), 32)).toBe('A'.repeat(32));
  });

  it('keeps ordinary text, accents, CJK and emoji as they are', () => {
    for (const s of ['Uniswap', 'Ünïcödé Tøken', '狗狗币', '🚀 MOON', 'e\u0301']) {
      expect(cleanUntrustedText(s, 100)).toEqual({ text: s, altered: false, truncated: false });
    }
  });

  it('cuts to the limit with an ellipsis, never inside a grapheme', () => {
    const long = 'N'.repeat(300);
    const name = cleanUntrustedText(long, 100);
    expect(name).toEqual({ text: `${'N'.repeat(99)}…`, altered: false, truncated: true });
    expect(name.text.length).toBe(100);
    // Emoji are two UTF-16 units: the cut must not split one.
    const emoji = untrustedText('🚀'.repeat(40), 32);
    expect(emoji.length).toBeLessThanOrEqual(32);
    expect(emoji).toBe(`${'🚀'.repeat(15)}…`);
    // Trailing space before the ellipsis goes.
    expect(untrustedText(`${'A'.repeat(30)} BCDEF`, 32)).toBe(`${'A'.repeat(30)}…`);
    // One grapheme longer than the whole limit (hundreds of combining marks) is cut by code point.
    const zalgo = untrustedText(`Z${'\u0301'.repeat(500)}`, 32);
    expect(zalgo.length).toBe(32);
    expect(zalgo.endsWith('…')).toBe(true);
  });

  it('handles a 20 KB answer and a megabyte of NULs quickly', () => {
    const started = performance.now();
    expect(untrustedText('S'.repeat(20_000), 32)).toBe(`${'S'.repeat(31)}…`);
    expect(untrustedText(NUL.repeat(1_000_000) + 'OK', 32)).toBe('OK');
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('always yields what Add Project accepts (or an empty string for the caller to replace)', () => {
    const hostile = [
      `Name${NUL}${NUL}${NUL}`,
      '\u0000\u0001\u0002Sym\u0007',
      'x'.repeat(20_000),
      '🚀'.repeat(200),
      ` ${'\u200b'.repeat(50)}a${' '.repeat(500)}b `,
      `${'a'.repeat(99)}\u0301\u0301`,
      '\ud83d'.repeat(64),
      'Z\u0301'.repeat(120),
    ];
    for (const raw of hostile) {
      const name = tokenNameText(raw).text;
      const symbol = tokenSymbolText(raw).text;
      expect(name.length).toBeLessThanOrEqual(TOKEN_NAME_MAX_LENGTH);
      expect(symbol.length).toBeLessThanOrEqual(TOKEN_SYMBOL_MAX_LENGTH);
      const result = accepted(name, symbol);
      expect(result.success, `${JSON.stringify(raw.slice(0, 40))}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
      // Unchanged by the schema's trim: what was fetched is what is stored.
      expect(result.data?.name).toBe(name);
      expect(result.data?.token_symbol).toBe(symbol);
    }
  });
});

describe('the chain layer’s text limits', () => {
  it('are the Add Project form’s (the contract package’s), so a cleaned name is neither refused nor cut shorter than needed', () => {
    expect([TOKEN_NAME_TEXT_MAX, TOKEN_SYMBOL_TEXT_MAX]).toEqual([TOKEN_NAME_MAX_LENGTH, TOKEN_SYMBOL_MAX_LENGTH]);
  });
});
