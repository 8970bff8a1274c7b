/**
 * LanceDB filters are SQL text with no bind parameters, so every value that reaches one goes through here:
 * strings are quoted with embedded quotes doubled, which is the whole escaping rule of SQL string literals.
 */
export function sqlString(v: string): string {
  if (v.includes('\u0000')) throw new Error('NUL in a filter value');
  return `'${v.replace(/'/g, "''")}'`;
}

export function sqlIn(column: 'id' | 'docId', values: string[]): string {
  return `${column} IN (${values.map(sqlString).join(', ')})`;
}

export function chunked<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
