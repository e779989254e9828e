/**
 * `BENCH_CPU_PROF_DIR=dir` writes a V8 CPU profile of each measured Portico process (API, worker)
 * there, to open in Chrome DevTools; these are the node flags that do it.
 */
export function profileFlags(): string[] {
  const dir = process.env.BENCH_CPU_PROF_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}
