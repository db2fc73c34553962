// Pure judgements of the engine's objects remembered per object (sql/statements/remembered.ts): a split
// statement sent again is judged once (sqld's rules, its counts), each judge apart.
import { describe, expect, it } from 'vitest';
import { remembered } from '../../../../../../packages/mock/src/areas/database/sql/statements/remembered.ts';
import { sqldRefuses } from '../../../../../../packages/mock/src/areas/database/sql/statements/sqld-check.ts';
import { sqldCounts } from '../../../../../../packages/mock/src/areas/database/sql/statements/sqld-counts.ts';
import { splitStatements } from '../../../../../../packages/mock/src/areas/database/sql/wasm/sql-text.ts';

describe('remembered judgements', () => {
  it('judges each object once per judge, an undefined answer included', () => {
    const calls: string[] = [];
    const judge = (key: { name: string }) => (calls.push(key.name), key.name === 'none' ? undefined : key.name.length);
    const other = (key: { name: string }) => (calls.push(`other ${key.name}`), 0);
    const [a, none] = [{ name: 'abc' }, { name: 'none' }];
    expect([remembered(a, judge), remembered(a, judge), remembered(none, judge), remembered(none, judge), remembered(a, other)]).toEqual([
      3,
      3,
      undefined,
      undefined,
      0,
    ]);
    // An equal object is another key.
    expect(remembered({ name: 'abc' }, judge)).toBe(3);
    expect(calls).toEqual(['abc', 'none', 'other abc', 'abc']);
  });

  it.each(['INSERT INTO t VALUES (?)', 'VACUUM', 'PRAGMA busy_timeout = 5000', 'WITH x AS (SELECT 1) DELETE FROM t', 'SELECT 1'])(
    'answers as the judge does: %s',
    (sql) => {
      const [statement] = splitStatements(sql);
      for (let i = 0; i < 2; i++) {
        expect(remembered(statement!, sqldRefuses)).toBe(sqldRefuses(statement!));
        expect(remembered(statement!.words, sqldCounts)).toEqual(sqldCounts(statement!.words));
      }
    },
  );
});
