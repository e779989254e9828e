/*
 * The built-in prototypes a request could pollute (`{}.__proto__`, `[].constructor.prototype`, …),
 * for the checks that fail a test run when one changes (issue 25): in the API process under
 * fuzzing (`fuzz/prototype-guard.ts`) and in the tests' own process (`setup-api.ts`).
 */

const WATCHED: ReadonlyArray<[string, object]> = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
  ['Boolean.prototype', Boolean.prototype],
];

export type PrototypesSnapshot = ReadonlyArray<{
  name: string;
  target: object;
  own: ReadonlyMap<PropertyKey, PropertyDescriptor>;
}>;

function ownProperties(target: object): Map<PropertyKey, PropertyDescriptor> {
  return new Map(Reflect.ownKeys(target).map((key) => [key, Object.getOwnPropertyDescriptor(target, key)!]));
}

/** What each watched prototype holds now. */
export function prototypesNow(): PrototypesSnapshot {
  return WATCHED.map(([name, target]) => ({ name, target, own: ownProperties(target) }));
}

/** Every property added to, replaced on or removed from a watched prototype since `before`. */
export function prototypeChanges(before: PrototypesSnapshot): string[] {
  const found: string[] = [];
  for (const { name, target, own } of before) {
    const now = ownProperties(target);
    for (const [key, descriptor] of now) {
      const was = own.get(key);
      if (!was) found.push(`${name} gained ${String(key)}`);
      else if (was.value !== descriptor.value || was.get !== descriptor.get || was.set !== descriptor.set)
        found.push(`${name}.${String(key)} was replaced`);
    }
    for (const key of own.keys()) if (!now.has(key)) found.push(`${name} lost ${String(key)}`);
  }
  return found;
}
