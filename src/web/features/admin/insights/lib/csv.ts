export interface CsvColumn<Row> {
  label: string;
  value: (row: Row) => string | number;
}

/** RFC 4180: fields with a comma, quote or line break are quoted; a leading =, +, - or @ is defused for spreadsheets. */
function field(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((c) => field(c.label)), ...rows.map((row) => columns.map((c) => field(c.value(row))))];
  return `${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}

export function downloadCsv(fileName: string, csv: string) {
  // A byte-order mark, so spreadsheet programs read the UTF-8 titles right.
  const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
