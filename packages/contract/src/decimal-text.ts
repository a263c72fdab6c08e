/**
 * Exact decimal arithmetic on text, for the formatters (product §6). Prices travel as decimal
 * strings; a tiny one (1e-30) or a huge one has more digits than a float keeps, so rounding and
 * comparing happen on integers here and a Number is never built.
 */

/** value = (negative ? -1 : 1) × digits × 10^-scale; digits has no leading zeros ('0' for zero). */
export interface DecimalText {
  negative: boolean;
  digits: bigint;
  scale: number;
}

// Plain or exponential notation: String(1e-30) is '1e-30', so a number argument parses too.
const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
// An exponent beyond this would expand to megabytes of zeros; no price or amount comes near it.
const MAX_EXPONENT = 1000;

export function parseDecimal(value: string | number): DecimalText | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = String(value).trim();
  const match = DECIMAL_RE.exec(text);
  if (!match) return null;
  const [, sign = '', intPart = '', fracPart = '', exponentText = '0'] = match;
  if (intPart === '' && fracPart === '') return null;
  const exponent = Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  let scale = fracPart.length - exponent;
  let digits = BigInt(intPart + fracPart || '0');
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { negative: sign === '-' && digits !== 0n, digits, scale };
}

/** |value| rounded half up to `places` decimals, as an integer scaled by 10^places. */
export function roundAbs(value: DecimalText, places: number): bigint {
  if (value.scale <= places) return value.digits * 10n ** BigInt(places - value.scale);
  const divisor = 10n ** BigInt(value.scale - places);
  const quotient = value.digits / divisor;
  return (value.digits % divisor) * 2n >= divisor ? quotient + 1n : quotient;
}

/** Sign of |a| - |b|. */
export function compareAbs(a: DecimalText, b: DecimalText): number {
  const scale = Math.max(a.scale, b.scale);
  const left = a.digits * 10n ** BigInt(scale - a.scale);
  const right = b.digits * 10n ** BigInt(scale - b.scale);
  return left === right ? 0 : left > right ? 1 : -1;
}

export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** An integer scaled by 10^places as 'whole.fraction' with `places` decimals, the whole part grouped. */
export function scaledToText(scaled: bigint, places: number): string {
  const text = scaled.toString().padStart(places + 1, '0');
  const whole = groupThousands(text.slice(0, text.length - places));
  return places === 0 ? whole : `${whole}.${text.slice(text.length - places)}`;
}

/** The full decimal expansion of |value|, the whole part grouped, trailing fraction zeros dropped. */
export function fullText(value: DecimalText): string {
  const text = value.digits.toString().padStart(value.scale + 1, '0');
  const whole = groupThousands(text.slice(0, text.length - value.scale));
  const fraction = text.slice(text.length - value.scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
