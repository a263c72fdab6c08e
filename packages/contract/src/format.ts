/** Formatting rules shared by every screen (product §6), kept here so server texts and UI agree. */

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

/**
 * Price formatting of product §6. Takes the exact decimal string from the API; a number is only
 * built for display, never sent back.
 */
export function formatPrice(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '—';
  const abs = Math.abs(n);
  if (abs === 0) return '0.00';
  if (abs > 1000) return n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (abs > 1) return n.toFixed(2);
  if (abs > 0.01) return n.toFixed(4);
  if (abs < 0.0001) return n.toExponential(4);
  return n.toFixed(6);
}
