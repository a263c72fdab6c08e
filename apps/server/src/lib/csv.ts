/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe; only free text goes through `csvText`; numbers and hashes go through `csvField` untouched.
 */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const csvText = (value: string): string => csvField(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export const csvRow = (fields: readonly string[]): string => `${fields.join(',')}\r\n`;
