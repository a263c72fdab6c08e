// Alert texts use the screens' formats (product §6, docs/decisions/0035): a notification and the page
// it links to show the same figure, and a tiny price reads '0.0₄98738', never '9.8738e-5'.
import { formatAmount, formatPrice } from '@tokendesk/contract';

/** 'the last hour', 'the last 90 min', 'the last 24 hours', 'the last 7 days'. */
export function windowText(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? 'the last day' : `the last ${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? 'the last hour' : `the last ${minutes / 60} hours`;
  return `the last ${minutes} min`;
}

/**
 * A price move is measured from the window's price farthest from now: a fall from its highest
 * price, a rise from its lowest (issue 35: 'moved −3.51% within 60 min' read backwards next to the
 * buy that caused it, since the hour's high came before). The text says which.
 */
export function priceMoveText(input: {
  label: string;
  changePct: string;
  from: string;
  to: string;
  pair: string;
  windowMinutes: number;
}): string {
  const change = Number(input.changePct);
  const verb = change < 0 ? 'fell' : 'rose';
  const mark = change < 0 ? 'high' : 'low';
  return `${input.label} ${verb} ${Math.abs(change).toFixed(2)}% from its ${mark} of ${windowText(input.windowMinutes)} (${formatPrice(input.from)} → ${formatPrice(input.to)} ${input.pair}).`;
}

/** A liquidity drop is measured from the window's highest paired reserve. */
export function liquidityDropText(input: {
  label: string;
  dropPct: number;
  from: string;
  to: string;
  pair: string;
  windowMinutes: number;
}): string {
  return `${input.label} liquidity fell ${input.dropPct.toFixed(2)}% from its high of ${windowText(input.windowMinutes)} (${formatAmount(input.from)} → ${formatAmount(input.to)} ${input.pair}).`;
}
