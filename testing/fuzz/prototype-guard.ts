/*
 * Imported into the API process under fuzzing before the app (`FuzzApi`, issue 25). A request that
 * pollutes a built-in prototype does not crash anything: it changes what every object of the
 * process answers from then on. So the prototypes are watched, and a property added to, changed
 * on or removed from one ends the process with what changed: the fuzz suites, which fail on any
 * exit of the process and replay the batch to find the request, report it as they report a crash.
 */

const WATCHED: ReadonlyArray<[string, object]> = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
  ['Boolean.prototype', Boolean.prototype],
];

/** The exit code of a process that found a prototype polluted (EX_SOFTWARE). */
const POLLUTED_EXIT_CODE = 70;

type Snapshot = Map<PropertyKey, PropertyDescriptor>;

function snapshot(target: object): Snapshot {
  return new Map(Reflect.ownKeys(target).map((key) => [key, Object.getOwnPropertyDescriptor(target, key)!]));
}

function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor): boolean {
  return a.value === b.value && a.get === b.get && a.set === b.set && a.writable === b.writable;
}

const before = WATCHED.map(([name, target]) => ({ name, target, own: snapshot(target) }));

function changes(): string[] {
  const found: string[] = [];
  for (const { name, target, own } of before) {
    const now = snapshot(target);
    for (const [key, descriptor] of now) {
      const was = own.get(key);
      if (!was) found.push(`${name} gained ${String(key)}`);
      else if (!sameDescriptor(was, descriptor)) found.push(`${name}.${String(key)} was replaced`);
    }
    for (const key of own.keys()) if (!now.has(key)) found.push(`${name} lost ${String(key)}`);
  }
  return found;
}

// Often enough that the suites, which look at the process 30 ms after each request, see the exit.
setInterval(() => {
  const found = changes();
  if (found.length === 0) return;
  process.stderr.write(`PrototypePollutionError: ${found.join('; ')}\n`);
  process.exit(POLLUTED_EXIT_CODE);
}, 10).unref();
