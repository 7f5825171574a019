/**
 * Test support: Prometheus' own `promtool check metrics` (Debian's prometheus package), a
 * parser and linter of the text exposition we did not write. It reads stdin, and exits 1
 * on a parse error and 3 on a lint problem (a counter without `_total`, a missing HELP,
 * a unit abbreviated); both are failures here. `scripts/install-test-tools.sh` installs it.
 */

export interface PromtoolResult {
  readonly exitCode: number;
  /** What promtool said: empty when the exposition is clean. */
  readonly problems: string;
}

export function promtoolCheckMetrics(exposition: string): PromtoolResult {
  const run = Bun.spawnSync(["promtool", "check", "metrics"], {
    stdin: new TextEncoder().encode(exposition),
    stdout: "pipe",
    stderr: "pipe",
  });
  return { exitCode: run.exitCode, problems: `${run.stdout}${run.stderr}`.trim() };
}
