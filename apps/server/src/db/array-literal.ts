/**
 * A PostgreSQL array literal for one parameter (`${arrayLiteral(v)}::text[]`): every text quoted, so
 * any text is safe inside it (numbers go as they are). A whole column of a batch travels as one
 * parameter, which `unnest` turns back into rows: cheaper for the server to parse than JSON rows.
 */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}
