// A statement's arguments bound to its parameters, as sqld binds them (runner.ts asks for them).
import { ProtocolError } from '../../protocol/protocol.ts';
import { type ArgValue, type EngineValue, fromArgValue } from '../../protocol/values.ts';
import type { SqlStmt } from './requests.ts';

/**
 * Arguments by parameter index, as sqld binds them: `?NNN` by its number, `:a`/`@a`/`$a` by name
 * (with or without the prefix), an unnamed `?` by its position. A parameter without a value, a
 * positional value without a parameter, or a named value no parameter takes is ARGS_INVALID.
 */
export function bind(params: (string | null)[], stmt: Pick<SqlStmt, 'args' | 'named_args'>): EngineValue[] {
  const positional = stmt.args ?? [];
  const named = stmt.named_args ?? [];
  if (positional.length > 0 && named.length > 0) {
    throw new ProtocolError('Specifying both positional and named arguments is not supported', 'ARGS_BOTH_POSITIONAL_AND_NAMED');
  }
  if (positional.length > params.length) {
    throw new ProtocolError(`Arguments do not match SQL parameters: too many parameters, expected ${params.length} found ${positional.length}`, 'ARGS_INVALID');
  }
  // Positional arguments only, every parameter an unnamed `?` (most statements): each value by its position.
  if (named.length === 0 && params.every((name) => name === null)) {
    const values = positional.map(fromArgValue);
    if (values.length < params.length) {
      throw new ProtocolError(`Arguments do not match SQL parameters: value for parameter ${values.length + 1} not found`, 'ARGS_INVALID');
    }
    return values;
  }
  const byName = new Map<string, ArgValue>();
  for (const { name, value } of named) byName.set(name, value);
  const used = new Set<string>();
  const values = params.map((name, index) => {
    let value: ArgValue | undefined;
    if (name === null) value = positional[index];
    else if (name.startsWith('?')) value = positional[Number(name.slice(1)) - 1];
    else {
      const key = byName.has(name) ? name : name.slice(1);
      value = byName.get(key);
      if (value !== undefined) used.add(key);
    }
    if (value === undefined) {
      throw new ProtocolError(`Arguments do not match SQL parameters: value for parameter ${name ?? index + 1} not found`, 'ARGS_INVALID');
    }
    return fromArgValue(value);
  });
  const unused = named.map(({ name }) => name).filter((name) => !used.has(name));
  if (unused.length > 0) {
    throw new ProtocolError(`Arguments do not match SQL parameters: the statement has no parameter ${unused.join(', ')}`, 'ARGS_INVALID');
  }
  return values;
}
