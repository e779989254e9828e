/*
 * Objects keyed by what a request names: multipart field names, question ids, role keys, provider
 * keys. A plain `{}` already answers to `toString`, `constructor` and `__proto__`, so a key taken
 * from input could read or replace something every object inherits (issue 25): such objects have
 * no prototype, and lookups in constant tables read own properties only.
 */

/** An empty object without a prototype: it answers only to the keys set on it. */
export function recordWithoutPrototype<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** `record[key]` when the record itself has that key; never a property every object inherits. */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
