/**
 * RFC 4180 CSV: every field quoted when it holds a comma, quote or line break; quotes doubled. A field that
 * starts with = + - @ is prefixed with an apostrophe, so a quote from an untrusted document cannot run as a
 * formula when the file is opened in a spreadsheet (CSV injection).
 */
export function csvField(v: string | number | null | undefined): string {
  let s = v == null ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s) && typeof v === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}
