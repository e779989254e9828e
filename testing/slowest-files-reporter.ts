import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest test files the summary names. */
const SHOWN = 15;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

/**
 * Names the slowest test files at the end of every run (issue 27), so the next regression of the
 * suite's time has a name: each file's import and set-up plus its tests and hooks, by project.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const timed = testModules.map((module) => {
      const d = module.diagnostic();
      return {
        file: path.relative(process.cwd(), module.moduleId),
        project: module.project.name,
        ms: d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration,
      };
    });
    if (timed.length === 0) return;
    timed.sort((a, b) => b.ms - a.ms);
    const lines = timed.slice(0, SHOWN).map((t) => `${seconds(t.ms)}  ${t.project.padEnd(8)} ${t.file}`);
    process.stdout.write(
      `\nSlowest ${Math.min(SHOWN, timed.length)} of ${timed.length} test files:\n${lines.join('\n')}\n`,
    );
  }
}
