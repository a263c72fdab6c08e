import type { AlertKind, AlertType } from '@tokendesk/contract';

/**
 * The labels of the alert kinds. The server's types/ list is the source; these stand in while it
 * loads, and serve screens (the dashboard) that only need a name.
 */
const fallbackLabels: Record<AlertKind, string> = {
  price_move: 'Price Move',
  liquidity_drop: 'Liquidity Drop',
  large_swap: 'Large Swap',
};

export function alertKindLabel(kind: AlertKind, types?: readonly AlertType[]): string {
  return types?.find((type) => type.kind === kind)?.label ?? fallbackLabels[kind] ?? kind;
}
