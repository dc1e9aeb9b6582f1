/**
 * CSV cells and records as RFC 4180 has them: records end in CRLF, and a field holding a comma, a quote,
 * CR or LF is quoted with its quotes doubled.
 *
 * Text a spreadsheet would read as a formula (a cell starting with `=`, `+`, `-` or `@`, or with a tab or
 * CR, which some spreadsheets skip before looking for one) gets a leading apostrophe. Exported commands
 * come from agents, and an agent can be steered by what it reads, so `=HYPERLINK(...)` in a command must
 * stay text when someone opens the export. The apostrophe is visible in other CSV readers: that is the
 * price of the guard, and why numbers, which the export writes itself, are left bare. A semicolon is
 * quoted too: a spreadsheet set to split on it would otherwise start a new cell, and a formula, at `;=`.
 */

export type CsvCell = string | number | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\r\n]/;

export function csvField(cell: CsvCell): string {
  if (cell === undefined) return '';
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}
