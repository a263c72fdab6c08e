/** Exact decimal strings from integer amounts: `formatUnits` without any float in between. */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const fraction = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * numerator / denominator as a decimal string with up to `digits` fraction digits, truncated
 * (never rounded up), trailing zeros removed. Prices are ratios, so this is where exactness ends:
 * 30 digits is far below any display precision.
 */
export function formatRatio(numerator: bigint, denominator: bigint, digits = 30): string | null {
  if (denominator === 0n) return null;
  const negative = numerator < 0n !== denominator < 0n && numerator !== 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const scaled = (n * 10n ** BigInt(digits)) / d;
  return (negative ? '-' : '') + formatUnits(scaled, digits);
}
