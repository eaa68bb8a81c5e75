/**
 * A PostgreSQL array literal for one parameter (`${arrayLiteral(v)}::text[]`): every element quoted,
 * so any text is safe inside it. A whole column of a batch travels as one parameter, which `unnest`
 * turns back into rows: cheaper for the server to parse than the same rows as JSON.
 */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}
