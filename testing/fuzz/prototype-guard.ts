import { prototypeChanges, prototypesNow } from '../prototypes';

/*
 * Imported into the API process under fuzzing before the app (`FuzzApi`, issue 25). A request that
 * pollutes a built-in prototype does not crash anything: it changes what every object of the
 * process answers from then on. So the prototypes are watched, and a property added to, replaced
 * on or removed from one ends the process with what changed: the fuzz suites, which fail on any
 * exit of the process and replay the batch to find the request, report it as they report a crash.
 */

/** The exit code of a process that found a prototype polluted (EX_SOFTWARE). */
const POLLUTED_EXIT_CODE = 70;

const before = prototypesNow();

// Often enough that the suites, which look at the process 30 ms after each request, see the exit.
setInterval(() => {
  const found = prototypeChanges(before);
  if (found.length === 0) return;
  process.stderr.write(`PrototypePollutionError: ${found.join('; ')}\n`);
  process.exit(POLLUTED_EXIT_CODE);
}, 10).unref();
