/**
 * CSV cells for exports, after OWASP's CSV-injection guidance (ASVS 5.0 1.2.10): every cell is
 * typed by its column. A cell that is not proven to be one of the plain shapes below is text, and
 * text is always quoted (RFC 4180, quotes doubled) and neutralised: a ' goes before every = + - @
 * (and tab, CR) that starts the cell or follows a separator. Token symbols come
 * from the chain, so an attacker writes them; a symbol `x;=cmd|'/C calc'!A0` starts a new cell
 * with = in a spreadsheet that splits on ';', which is why the first character alone is not enough.
 */

/** Characters a spreadsheet may split a row on: the separators its import dialogs offer, and line breaks. */
const SEPARATORS = ',;|\t\r\n ';
/** A cell starting with one of these is read as a formula (OWASP: = + - @ tab CR; ASVS adds NUL). */
const TRIGGERS = '=+-@\t\r\0';

const PLAIN_DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;
const HEX = /^0x[0-9a-fA-F]*$/;
const ISO_TIME = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,3})?Z$/;
/** Words of the server's own vocabulary (event kinds, holder labels, column names), or none. */
const WORDS = /^([a-z][a-z0-9_]*( [a-z][a-z0-9_]*)*)?$/;

/**
 * Free text: quoted, with a ' before each trigger that begins the cell or a separated part of it.
 * Quotes between a separator and a trigger do not hide it (`x;"=1"` starts a cell with "=1").
 */
export function csvText(value: string): string {
  let out = '';
  let atCellStart = true;
  for (const ch of value) {
    if (atCellStart && TRIGGERS.includes(ch)) out += "'";
    out += ch === '"' ? '""' : ch;
    if (SEPARATORS.includes(ch)) atCellStart = true;
    else if (ch !== '"' && ch !== "'") atCellStart = false;
  }
  return `"${out}"`;
}

/** A number column: a plain decimal (a negative one too) stays a number; anything else is text. */
export function csvNumber(value: string | number | bigint): string {
  const text = String(value);
  return PLAIN_DECIMAL.test(text) ? text : csvText(text);
}

/** An empty cell for a value that is unknown, a number otherwise. */
export const csvOptionalNumber = (value: string | number | bigint | null | undefined): string =>
  value === null || value === undefined || value === '' ? '' : csvNumber(value);

/** A hex column (addresses, hashes): bare when it is 0x and hex digits only, text otherwise. */
export const csvHex = (value: string): string => (HEX.test(value) ? value : csvText(value));

/** A time column (ISO 8601 UTC, as toISOString writes it): bare when it is exactly that, text otherwise. */
export const csvTime = (value: string): string => (ISO_TIME.test(value) ? value : csvText(value));

/** A column of the server's own words (kinds, labels, the header): bare when it is lower-case words, text otherwise. */
export const csvWord = (value: string): string => (WORDS.test(value) ? value : csvText(value));

export const csvRow = (cells: readonly string[]): string => `${cells.join(',')}\r\n`;

/** The header row: column names are the server's own words. */
export const csvHeaderRow = (columns: readonly string[]): string => csvRow(columns.map(csvWord));
