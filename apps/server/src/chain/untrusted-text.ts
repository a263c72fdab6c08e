/**
 * The longest name and symbol a contract's answer is cut to: the Add Project form's limits
 * (the contract package's TOKEN_NAME_MAX_LENGTH and TOKEN_SYMBOL_MAX_LENGTH; untrusted-text.test.ts
 * holds them equal), written here so the chain layer does not depend on the API's package.
 */
export const TOKEN_NAME_TEXT_MAX = 100;
export const TOKEN_SYMBOL_TEXT_MAX = 32;

/**
 * The one boundary for text that a contract returns (name(), symbol(), labels, anything that ends
 * up in a notification). Anyone can deploy a contract that answers any bytes, so such text is
 * cleaned here, once, and never refused: a token with an odd name is still a token.
 *
 * What it does, in order:
 * - invalid UTF-8 (from bytes) and lone UTF-16 surrogates become U+FFFD, as a browser would show them;
 * - every run of whitespace (tabs, newlines, U+2028, no-break and other Unicode spaces) becomes one space;
 * - control characters (C0 incl. NUL, DEL, C1) and format characters (bidi overrides and isolates,
 *   zero-width spaces and joiners, BOM, soft hyphen, tag characters) are removed: they are invisible
 *   or reorder what is shown, which makes a token look like another (a classic spoofing trick),
 *   and PostgreSQL cannot store NUL in text at all. The joiners go too: an emoji family shows as
 *   its members and some Persian words lose a ligature break — still legible, and two tokens can no
 *   longer differ by an invisible character;
 * - Unicode noncharacters are removed;
 * - the result is trimmed and cut to `maxLength` UTF-16 code units (what zod's .max() and the
 *   Add Project form count), on a grapheme boundary, ending in '…' when cut.
 *
 * The result may be '' (a contract that answers nothing printable): the caller decides the fallback.
 */
export function untrustedText(value: string | Uint8Array, maxLength: number): string {
  return cleanUntrustedText(value, maxLength).text;
}

export interface CleanedText {
  text: string;
  /** Characters were removed or replaced (besides trimming and collapsing whitespace). */
  altered: boolean;
  /** The text was longer than maxLength and was cut. */
  truncated: boolean;
}

const utf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
const WHITESPACE = /[\s\p{Z}]+/gu;
// Cc: C0, DEL, C1. Cf: bidi marks/overrides/isolates, zero-width chars, BOM, soft hyphen, tags.
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
const NONCHARACTER = /\p{Noncharacter_Code_Point}/gu;
// Without the u flag a regex sees UTF-16 units, so unpaired surrogate halves can be matched.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (s: string) => s.replace(LONE_SURROGATE, '\uFFFD');
const ELLIPSIS = '…';
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function cleanUntrustedText(value: string | Uint8Array, maxLength: number): CleanedText {
  if (!Number.isInteger(maxLength) || maxLength < 2) throw new RangeError('maxLength must be an integer of at least 2');
  const original = typeof value === 'string' ? value : utf8.decode(value);
  const spaced = wellFormed(original).replace(WHITESPACE, ' ');
  let text = spaced.replace(INVISIBLE, '').replace(NONCHARACTER, '');
  // U+FFFD here means bytes that were not UTF-8 (viem's decoder and ours replace them).
  const altered = text !== spaced || original.includes('\uFFFD') || wellFormed(original) !== original;
  // A removed character may have stood between two spaces.
  text = text.replace(/ {2,}/g, ' ').trim();

  let truncated = false;
  if (text.length > maxLength) {
    truncated = true;
    let kept = '';
    for (const { segment } of graphemes.segment(text)) {
      if (kept.length + segment.length > maxLength - ELLIPSIS.length) break;
      kept += segment;
    }
    kept = kept.trimEnd();
    // A single grapheme longer than the limit (a base letter with hundreds of combining marks):
    // cut by code point rather than answer a lone '…'.
    if (kept === '') {
      for (const ch of text) {
        if (kept.length + ch.length > maxLength - ELLIPSIS.length) break;
        kept += ch;
      }
    }
    text = kept + ELLIPSIS;
  }
  return { text, altered, truncated };
}

/** A token name as the app stores it (the Add Project limit). */
export const tokenNameText = (value: string | Uint8Array) => cleanUntrustedText(value, TOKEN_NAME_TEXT_MAX);
/** A token symbol as the app stores it (the Add Project limit). */
export const tokenSymbolText = (value: string | Uint8Array) => cleanUntrustedText(value, TOKEN_SYMBOL_TEXT_MAX);
