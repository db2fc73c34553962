// Names of the contracts' enumerations (their x-enum-varnames), as frozen name → value objects.

type Missing<Value, Names> = [Exclude<Value, Names[keyof Names]>] extends [never]
  ? unknown
  : { 'every value needs a name; missing': Exclude<Value, Names[keyof Names]> };

/**
 * `enumeration<Generated>()({ Name: value, ... })`: fails to compile unless every value of the
 * generated type has exactly one name.
 */
export const enumeration =
  <Value extends string | number>() =>
  <const Names extends Record<string, Value>>(names: Names & Missing<Value, Names>): Readonly<Names> =>
    Object.freeze(names);

/** The name of an enumeration's value: `enumName(VideoModelStatus, 4)` is "Finished"; undefined for a value it does not know. */
export function enumName<Names extends Readonly<Record<string, string | number>>>(enumeration: Names, value: unknown): (keyof Names & string) | undefined {
  for (const name in enumeration) if (enumeration[name] === value) return name;
  return undefined;
}
