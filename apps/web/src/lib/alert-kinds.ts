import { alertKindLabels, type AlertKind, type AlertType } from '@tokendesk/contract';

/**
 * The label of an alert kind: from the server's types/ list when it is loaded, else the contract's
 * labels (the same texts), so screens that only need a name (the dashboard) never wait for it.
 */
export function alertKindLabel(kind: AlertKind, types?: readonly AlertType[]): string {
  return types?.find((type) => type.kind === kind)?.label ?? alertKindLabels[kind] ?? kind;
}
