// A type guard for a closed list of string values (page names, sheet names,
// build versions): the one place that widens the list for `includes`.

export function oneOf<T extends string>(values: readonly T[]): (value: unknown) => value is T {
  const known: readonly string[] = values;
  return (value: unknown): value is T => typeof value === 'string' && known.includes(value);
}
