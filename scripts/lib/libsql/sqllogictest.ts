// SQLite's sqllogictest format (sqlite.org/sqllogictest): records separated by blank lines,
// `statement ok` / `statement error` then the SQL, `query <types> [nosort|rowsort|valuesort]`
// then the SQL, `----` and the expected values one per line (NULL, `(empty)`, integers for I,
// `%.3f` for R); `skipif <engine>` / `onlyif <engine>` before a record, `hash-threshold`, `halt`,
// and `#` comments. A result given as a hash (`N values hashing to MD5`, as SQLite's own files
// write large ones) is kept as written, `hashed`: the differential run compares answers, not hashes.
import type { Value } from './reference.ts';

export type SltRecord =
  | { kind: 'statement'; line: number; expect: 'ok' | 'error'; sql: string }
  | { kind: 'query'; line: number; types: string; sort: 'nosort' | 'rowsort' | 'valuesort'; sql: string; expected: string[]; hashed: boolean };

/** The records of a script, for an engine named `engine` (its skipif/onlyif conditions applied; libSQL is `sqlite` there). */
export function parseSlt(text: string, engine = 'sqlite'): SltRecord[] {
  const records: SltRecord[] = [];
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length) {
    let line = lines[i]!.trimEnd();
    if (line === '' || line.startsWith('#') || line.startsWith('hash-threshold')) {
      i++;
      continue;
    }
    let skip = false;
    while (/^(skipif|onlyif) /.test(line)) {
      const [condition, name] = line.split(/\s+/);
      if ((condition === 'skipif') === (name === engine)) skip = true;
      line = lines[++i]!.trimEnd();
    }
    if (line === 'halt') {
      if (!skip) break;
      i++;
      continue;
    }
    const start = i + 1;
    const header = line.split(/\s+/);
    const body: string[] = [];
    while (++i < lines.length && lines[i]!.trim() !== '' && lines[i]!.trim() !== '----') body.push(lines[i]!);
    const sql = body.join('\n');
    if (header[0] === 'statement' && (header[1] === 'ok' || header[1] === 'error')) {
      if (!skip) records.push({ kind: 'statement', line: start, expect: header[1], sql });
    } else if (header[0] === 'query' && header[1]) {
      const expected: string[] = [];
      if (lines[i]?.trim() === '----') while (++i < lines.length && lines[i]!.trim() !== '') expected.push(lines[i]!.trimEnd());
      const hashed = expected.some((value) => /values hashing to/.test(value));
      const sort = (header[2] ?? 'nosort') as 'nosort' | 'rowsort' | 'valuesort';
      if (!skip) records.push({ kind: 'query', line: start, types: header[1], sort, sql, expected, hashed });
    } else throw new Error(`line ${start}: not a record: ${line}`);
  }
  return records;
}

/** A value as sqllogictest prints it in a column of type `type` (I, R or T). */
function printed(value: Value, type: string): string {
  if (value.type === 'null') return 'NULL';
  const number =
    value.type === 'integer'
      ? Number(value.value)
      : value.type === 'float'
        ? (value.value ?? Number.NaN)
        : Number.parseFloat(value.type === 'text' ? value.value : '') || 0;
  if (type === 'I') return value.type === 'integer' ? value.value : String(Math.trunc(number));
  if (type === 'R') return number.toFixed(3);
  const text =
    value.type === 'integer'
      ? value.value
      : value.type === 'float'
        ? Number.isInteger(value.value)
          ? `${value.value}.0`
          : String(value.value)
        : value.type === 'text'
          ? value.value
          : Buffer.from(value.hex, 'hex').toString('latin1');
  return text === '' ? '(empty)' : text.replace(/[\x00-\x1f\x7f]/g, '@');
}

/** The rows as the record's expected lines: one value a line, sorted as the record says. */
export function printedRows(rows: Value[][], types: string, sort: string): string[] {
  let printedRows = rows.map((row) => row.map((value, column) => printed(value, types[column] ?? 'T')));
  if (sort === 'rowsort') printedRows = printedRows.sort((a, b) => (a.join('\u0000') < b.join('\u0000') ? -1 : a.join('\u0000') > b.join('\u0000') ? 1 : 0));
  const values = printedRows.flat();
  return sort === 'valuesort' ? values.sort() : values;
}
