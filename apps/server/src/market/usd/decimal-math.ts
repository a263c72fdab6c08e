import { formatUnits } from '../../chain/decimal';

/**
 * Exact decimal arithmetic over the decimal strings the chain layer produces: money never passes
 * through a float (docs/product.md §3). A value is an integer and a count of fraction digits.
 */
export interface Dec {
  v: bigint;
  s: number;
}

/** USD figures keep this many fraction digits (truncated), like chain/decimal.ts formatRatio. */
export const USD_DIGITS = 30;

const DEC_RE = /^(-?)(\d+)(?:\.(\d+))?$/;

export function dec(text: string): Dec {
  const m = DEC_RE.exec(text);
  if (!m) throw new Error(`Not a decimal string: ${text}`);
  const fraction = m[3] ?? '';
  const v = BigInt(`${m[2]}${fraction}`);
  return { v: m[1] ? -v : v, s: fraction.length };
}

export const decOf = (v: bigint, s = 0): Dec => ({ v, s });

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const s = Math.max(a.s, b.s);
  return [a.v * 10n ** BigInt(s - a.s), b.v * 10n ** BigInt(s - b.s), s];
}

export const mul = (a: Dec, b: Dec): Dec => ({ v: a.v * b.v, s: a.s + b.s });

export function add(a: Dec, b: Dec): Dec {
  const [x, y, s] = align(a, b);
  return { v: x + y, s };
}

export function sub(a: Dec, b: Dec): Dec {
  const [x, y, s] = align(a, b);
  return { v: x - y, s };
}

export function cmp(a: Dec, b: Dec): number {
  const [x, y] = align(a, b);
  return x === y ? 0 : x < y ? -1 : 1;
}

/** `a` truncated (toward zero) to at most `digits` fraction digits: a figure as the API writes it. */
export function truncate(a: Dec, digits = USD_DIGITS): Dec {
  return a.s > digits ? { v: a.v / 10n ** BigInt(a.s - digits), s: digits } : a;
}

/** The decimal string, truncated (never rounded up) to `digits` fraction digits, trailing zeros removed. */
export function decText(a: Dec, digits = USD_DIGITS): string {
  const v = a.s > digits ? a.v / 10n ** BigInt(a.s - digits) : a.v;
  return formatUnits(v, Math.min(a.s, digits));
}
