import { formatPriceFull } from '@tokendesk/contract';
import { differenceInCalendarDays, format, isSameDay } from 'date-fns';

/** The '—' of product §0: a figure that is not known is never invented. */
export const UNKNOWN = '—';

// Token amounts follow the same rule on screens and in server texts (product §6), so the formatter
// lives in the contract; re-exported here where the screens have always found it.
export { formatAmount, type AmountFormat } from '@tokendesk/contract';

/** The hover title of a shown price: every digit (product §6), or none when the price is unknown. */
export function priceTitle(value: string | number | null | undefined): string | undefined {
  const full = formatPriceFull(value);
  return full === UNKNOWN ? undefined : full;
}

/** A 24h change in percent: '+1.25%', '-0.40%', or '—' while there is no 24h history. */
export function formatChange(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return UNKNOWN;
  const n = Number(value);
  if (!Number.isFinite(n)) return UNKNOWN;
  const text = `${Math.abs(n).toFixed(2)}%`;
  if (n > 0) return `+${text}`;
  if (n < 0) return `-${text}`;
  return text;
}

/** 'up' | 'down' | 'flat' | null (unknown), for colouring a change. */
export function changeDirection(value: string | null | undefined): 'up' | 'down' | 'flat' | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  return n > 0 ? 'up' : n < 0 ? 'down' : 'flat';
}

function toDate(value: string | Date | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'MMM d, yyyy' (product §2.6). */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'MMM d, yyyy') : UNKNOWN;
}

/** A time of day with seconds, for 'Last updated {time}'. */
export function formatTime(value: string | Date | number | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'h:mm:ss a') : UNKNOWN;
}

/** 'MMM d, yyyy h:mm a'. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'MMM d, yyyy h:mm a') : UNKNOWN;
}

/** Two uppercase letters from a name: the first letters of its first two words, else its first two. */
export function nameInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length >= 2 ? words[0]!.charAt(0) + words[1]!.charAt(0) : words[0]!.slice(0, 2);
  return letters.toUpperCase();
}

/** 'DEMO/WETH': the project token against the paired token; 'N/A' when a side is missing. */
export function pairLabel(projectSymbol: string | null | undefined, pairSymbol: string | null | undefined): string {
  return projectSymbol && pairSymbol ? `${projectSymbol}/${pairSymbol}` : 'N/A';
}

/** A V3 fee tier in hundredths of a bip: 3000 → '0.3%'. */
export function formatFeeTier(fee: number | null | undefined): string | null {
  if (fee === null || fee === undefined) return null;
  return `${Number((fee / 10_000).toFixed(4))}%`;
}

/** `${explorer}/address/${address}`, or null when the network has no explorer (the local devnet). */
export function explorerAddressUrl(explorer: string | null | undefined, address: string): string | null {
  const base = explorer?.trim().replace(/\/+$/, '');
  return base ? `${base}/address/${address}` : null;
}

/**
 * A notification's time (product §6): today 'h:mm a'; within the last 7 days the weekday and time;
 * older 'MMM d, yyyy h:mm a'.
 */
export function formatNotificationTime(value: string | Date | null | undefined, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return UNKNOWN;
  if (isSameDay(date, now)) return format(date, 'h:mm a');
  const days = differenceInCalendarDays(now, date);
  if (days > 0 && days < 7) return format(date, 'EEEE h:mm a');
  return format(date, 'MMM d, yyyy h:mm a');
}

/**
 * How long ago, for activity rows (product §2.9): 'N sec ago', 'N min ago', 'N hour(s) ago',
 * 'N day(s) ago'. A block time slightly ahead of this clock counts as '0 sec ago'.
 */
export function formatRelativeTime(value: string | Date | null | undefined, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return UNKNOWN;
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000));
  if (seconds < 60) return `${seconds} sec ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** The last 8 characters of a transaction hash, as activity rows show it. */
export function shortTxHash(hash: string): string {
  return hash.length > 8 ? hash.slice(-8) : hash;
}

/** `${explorer}/tx/${hash}`, or null when the network has no explorer (the local devnet). */
export function explorerTxUrl(explorer: string | null | undefined, hash: string): string | null {
  const base = explorer?.trim().replace(/\/+$/, '');
  return base ? `${base}/tx/${hash}` : null;
}

/** A count shown as a badge: '9+' above 9 (product §2.2). */
export function badgeCount(count: number): string {
  return count > 9 ? '9+' : String(count);
}
