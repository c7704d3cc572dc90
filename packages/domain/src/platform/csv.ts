// CSV as RFC 4180 reads it (comma separated, CRLF rows, double quotes doubled inside a quoted
// cell), made safe for spreadsheets: a text cell that starts with a formula character is kept as
// text by a leading apostrophe, so an exported name such as `=HYPERLINK(…)` never runs.

/** Characters a spreadsheet reads as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Cells holding any of these must be quoted. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * Text a spreadsheet would read as a number and spoil: `0821234567` loses its 0, a long account
 * number turns into 8.2E+09. Written as the formula `="0821234567"`, which every spreadsheet shows
 * as the text itself. Only digits, spaces and a leading + are let through, so no other formula can
 * be smuggled in this way.
 */
export class CsvText {
  constructor(readonly text: string) {}
}

export type CsvValue = string | number | boolean | Date | CsvText | null | undefined;

const KEEPABLE_TEXT = /^\+?[\d ]+$/;

/** A digits-only cell kept as text; anything else is written as an ordinary cell. */
export function csvText(value: string | null | undefined): CsvValue {
  return value && KEEPABLE_TEXT.test(value) ? new CsvText(value) : value;
}

/**
 * One cell. Numbers and booleans are written as they are (a number cannot carry a formula, and a
 * negative amount must stay a number); text starting with `=`, `+`, `-`, `@`, tab or carriage
 * return gets a leading apostrophe; cells with commas, quotes or line breaks are quoted.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof CsvText) return `"=""${value.text}"""`;
  let text = value instanceof Date ? value.toISOString() : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: readonly CsvValue[]): string {
  return cells.map(csvCell).join(',');
}

/** Rows joined by CRLF, each ending with one, so pages written one after another join up. */
export function csvLines(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => `${csvRow(row)}\r\n`).join('');
}

/** A whole document: the header row, then the rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return csvLines([header, ...rows]);
}

/** Prepended to a downloaded file so spreadsheet programs read it as UTF-8 (names with accents). */
export const UTF8_BOM = '\uFEFF';
