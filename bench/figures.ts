import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** One measured figure of `npm run bench`, with the goal it is held to (none: reported only). */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  goal?: { atLeast: number } | { atMost: number };
}

export const RESULTS_FILE = path.join(import.meta.dirname, 'results.json');

function holds(figure: Figure): boolean | null {
  if (!figure.goal) return null;
  return 'atLeast' in figure.goal ? figure.value >= figure.goal.atLeast : figure.value <= figure.goal.atMost;
}

function goalText(figure: Figure): string {
  if (!figure.goal) return 'reported';
  return 'atLeast' in figure.goal ? `≥ ${figure.goal.atLeast}` : `≤ ${figure.goal.atMost}`;
}

const shown = (value: number) => (Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(value < 10 ? 3 : 1));

/** Prints every figure beside its goal, writes them as JSON, and answers whether all goals hold. */
export function report(figures: readonly Figure[]): boolean {
  console.log('\nSummary\n');
  for (const figure of figures) {
    const verdict = holds(figure);
    console.log(
      `${figure.name.padEnd(58)} ${`${shown(figure.value)} ${figure.unit}`.padStart(14)}   goal ${goalText(figure).padEnd(9)} ${verdict === null ? '' : verdict ? 'holds' : 'MISSED'}`,
    );
  }
  const results = {
    measured_at: new Date().toISOString(),
    figures: figures.map((f) => ({ ...f, holds: holds(f) })),
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nFigures written to ${RESULTS_FILE}`);
  return figures.every((f) => holds(f) !== false);
}
