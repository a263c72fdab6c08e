/** Formatting rules shared by every screen (product §6), kept here so server texts and UI agree. */

import {
  compareAbs,
  fullText,
  groupThousands,
  parseDecimal,
  roundAbs,
  scaledToText,
  type DecimalText,
} from './decimal-text';

export interface NamedUser {
  username: string;
  first_name: string;
  last_name: string;
}

/** First + last name when both are set, else the username (product §2.2). */
export function displayName(user: NamedUser): string {
  const first = user.first_name.trim();
  const last = user.last_name.trim();
  return first && last ? `${first} ${last}` : user.username;
}

/** First + last initials, else the username's first letter, else 'U' (product §2.12). */
export function userInitials(user: Partial<NamedUser>): string {
  const first = user.first_name?.trim() ?? '';
  const last = user.last_name?.trim() ?? '';
  if (first && last) return (first[0]! + last[0]!).toUpperCase();
  const username = user.username?.trim() ?? '';
  if (username) return username[0]!.toUpperCase();
  return 'U';
}

/** A stable index in [0, buckets) from a string, for choosing avatar gradients and colours. */
export function stableBucket(text: string, buckets: number): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash % buckets;
}

/** '0x1234567890abcdef…' → '0x1234...cdef' (6 + 4, product §6). */
export function shortenAddress(address: string): string {
  if (address.length <= 10) return address;
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}

const SUBSCRIPT_DIGITS = '₀₁₂₃₄₅₆₇₈₉';
const UNKNOWN = '—';
const TEN_THOUSANDTH = parseDecimal('0.0001')!;
const HUNDREDTH = parseDecimal('0.01')!;
const ONE = parseDecimal('1')!;
const TEN_THOUSAND = parseDecimal('10000')!;
const THOUSAND = parseDecimal('1000')!;
/** Significant digits after the subscript zero count (docs/decisions/0035). */
const SUBSCRIPT_SIGNIFICANT = 5;

function parseValue(value: string | number | null | undefined): DecimalText | null {
  if (value === null || value === undefined || value === '') return null;
  return parseDecimal(value);
}

function subscript(count: number): string {
  return [...String(count)].map((digit) => SUBSCRIPT_DIGITS[Number(digit)]).join('');
}

/**
 * |value| below 0.0001 as '0.0₄98738': the zeros after '0.' counted in subscript digits, then five
 * significant digits, trailing zeros trimmed. Null when rounding carries it up to 0.0001, which the
 * six-decimal rule shows.
 */
function subscriptText(value: DecimalText): string | null {
  let digits = value.digits;
  let scale = value.scale;
  const length = digits.toString().length;
  if (length > SUBSCRIPT_SIGNIFICANT) {
    const drop = length - SUBSCRIPT_SIGNIFICANT;
    digits = roundAbs(value, scale - drop);
    scale -= drop;
    if (digits.toString().length > SUBSCRIPT_SIGNIFICANT) {
      digits /= 10n;
      scale -= 1;
    }
  }
  const significant = digits.toString();
  const zeros = scale - significant.length;
  if (zeros < 4) return null;
  return `0.0${subscript(zeros)}${significant.replace(/0+$/, '')}`;
}

/** |value| by the price rules of product §6 (no sign). */
function priceText(value: DecimalText): string {
  if (value.digits === 0n) return '0.00';
  if (compareAbs(value, TEN_THOUSANDTH) < 0) {
    const text = subscriptText(value);
    if (text) return text;
  }
  const places = compareAbs(value, ONE) > 0 ? 2 : compareAbs(value, HUNDREDTH) > 0 ? 4 : 6;
  return scaledToText(roundAbs(value, places), places);
}

/**
 * A price by product §6 and docs/decisions/0035: above 1 grouped with 2 decimals; above 0.01 with 4;
 * otherwise 6; below 0.0001 '0.0₄98738' (subscript count of zeros, 5 significant digits). Rounded
 * half up on the exact decimal string from the API — never through a float, never exponential.
 */
export function formatPrice(value: string | number | null | undefined): string {
  const decimal = parseValue(value);
  if (!decimal) return UNKNOWN;
  return `${decimal.negative ? '-' : ''}${priceText(decimal)}`;
}

/** Every digit of a price or amount, for the hover title next to a formatted figure (product §6). */
export function formatPriceFull(value: string | number | null | undefined): string {
  const decimal = parseValue(value);
  if (!decimal) return UNKNOWN;
  return `${decimal.negative ? '-' : ''}${fullText(decimal)}`;
}

/**
 * US dollars: '$1,234.56'; from $10,000 whole dollars ('$12,345,678') since cents there are noise;
 * below $1 the price rules with a '$' ('$0.0₄98738'), so a tiny token price keeps its digits.
 */
export function formatUsd(value: string | number | null | undefined): string {
  const decimal = parseValue(value);
  if (!decimal) return UNKNOWN;
  const sign = decimal.negative ? '-' : '';
  if (decimal.digits === 0n) return '$0.00';
  if (compareAbs(decimal, ONE) < 0) return `${sign}$${priceText(decimal)}`;
  const places = compareAbs(decimal, TEN_THOUSAND) >= 0 ? 0 : 2;
  return `${sign}$${scaledToText(roundAbs(decimal, places), places)}`;
}

const COMPACT_UNITS = [
  { suffix: 'K', scale: 3 },
  { suffix: 'M', scale: 6 },
  { suffix: 'B', scale: 9 },
  { suffix: 'T', scale: 12 },
] as const;

/** |value| ≥ 1,000 as '12.35M' (2 decimals, rounded half up); 1,000 of a unit after rounding moves up one. */
function compactText(value: DecimalText): { hundredths: bigint; suffix: string } {
  for (const [index, unit] of COMPACT_UNITS.entries()) {
    const hundredths = roundAbs({ ...value, scale: value.scale + unit.scale }, 2);
    // The largest unit takes everything above it, grouped ('3,000.00T').
    if (hundredths < 100_000n || index === COMPACT_UNITS.length - 1) return { hundredths, suffix: unit.suffix };
  }
  throw new Error('unreachable: the last unit always answers');
}

/** Below 1,000 after rounding to 2 decimals, where compact notation has no unit to offer. */
const belowThousand = (value: DecimalText) => compareAbs(value, THOUSAND) < 0 && roundAbs(value, 2) < 100_000n;

/** US dollars where space is short: '$12.35M', '$1.20K'; below $1,000 as formatUsd. */
export function formatUsdCompact(value: string | number | null | undefined): string {
  const decimal = parseValue(value);
  if (!decimal) return UNKNOWN;
  // 999.996 rounds to $1,000.00: shown as $1.00K like the figures just above it.
  if (belowThousand(decimal)) return formatUsd(value);
  const { hundredths, suffix } = compactText(decimal);
  return `${decimal.negative ? '-' : ''}$${scaledToText(hundredths, 2)}${suffix}`;
}

/**
 * A token amount where space is short: '99.95M', '1.2K', '100M' — the amount rule (trailing zeros
 * dropped) with a unit; below 1,000 at most 2 decimals ('999.5').
 */
export function formatAmountCompact(value: string | number | null | undefined): string {
  const decimal = parseValue(value);
  if (!decimal) return UNKNOWN;
  const sign = decimal.negative ? '-' : '';
  if (belowThousand(decimal)) return `${sign}${scaledToText(roundAbs(decimal, 2), 2).replace(/\.?0+$/, '')}`;
  const { hundredths, suffix } = compactText(decimal);
  return `${sign}${scaledToText(hundredths, 2).replace(/\.?0+$/, '')}${suffix}`;
}

export interface AmountFormat {
  /** Decimals always shown; 0 for token amounts (product §6) — only a figure of another kind sets it. */
  minDecimals?: number;
  /** Decimals at most; the rest is rounded half up. 6 by default, 4 in dense lists and rows. */
  maxDecimals?: number;
}

// Plain decimal text only: amounts come from the API as exact strings (product §3), never exponential.
const AMOUNT_RE = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A token amount (product §6, docs/decisions/0035): thousands grouped, at most 6 decimals (4 in
 * dense lists and rows) rounded half up, trailing zeros dropped — '0 USDT', '1,100,000 DEMO',
 * '1,234.5 DEMO', '0.123457 WETH' — on every screen and in server texts alike. Exact from the
 * decimal string, so 18-decimal reserves of any size keep their digits. A non-zero amount that
 * rounds to zero shows as '<0.000001' rather than a misleading '0'.
 */
export function formatAmount(
  value: string | null | undefined,
  { minDecimals = 0, maxDecimals = 6 }: AmountFormat = {},
): string {
  if (value === null || value === undefined) return UNKNOWN;
  const match = AMOUNT_RE.exec(value.trim());
  if (!match) return UNKNOWN;
  const [, sign = '', intPart = '0', fracPart = ''] = match;
  const scaled = BigInt(intPart + fracPart.padEnd(maxDecimals, '0').slice(0, maxDecimals));
  const roundUp = (fracPart[maxDecimals] ?? '0') >= '5';
  const rounded = (scaled + (roundUp ? 1n : 0n)).toString().padStart(maxDecimals + 1, '0');
  const whole = rounded.slice(0, rounded.length - maxDecimals);
  let decimals = rounded.slice(rounded.length - maxDecimals);
  while (decimals.length > minDecimals && decimals.endsWith('0')) decimals = decimals.slice(0, -1);

  const isZero = /^0*$/.test(whole + decimals);
  const wasZero = /^0*$/.test(intPart + fracPart);
  if (isZero && !wasZero) {
    const smallest = maxDecimals === 0 ? '1' : `0.${'0'.repeat(maxDecimals - 1)}1`;
    return `${sign === '-' ? '>-' : '<'}${smallest}`;
  }
  const body = decimals ? `${groupThousands(whole)}.${decimals}` : groupThousands(whole);
  return sign && !isZero ? `-${body}` : body;
}
