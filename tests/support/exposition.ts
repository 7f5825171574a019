/**
 * Test support: the samples of a Prometheus text exposition, read back so that a test can
 * say "this series rose by N". Whether the text is valid is promtool's to judge
 * (`promtool.ts`); this only reads what it has passed.
 */

export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function samplesOf(exposition: string): Sample[] {
  return exposition.split("\n").flatMap((line) => {
    const match = SAMPLE.exec(line);
    if (!match || line.startsWith("#")) return [];
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? "").matchAll(LABEL)) {
      labels[name as string] = (value as string).replace(/\\(.)/g, (_, c) => (c === "n" ? "\n" : c));
    }
    return [{ name: match[1] as string, labels, value: Number(match[3]) }];
  });
}

/** The samples named `name` whose labels include `labels`. */
export function matching(samples: readonly Sample[], name: string, labels: Record<string, string> = {}) {
  return samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

/** The sum of the samples named `name` whose labels include `labels`; 0 when there are none. */
export function total(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number {
  return matching(samples, name, labels).reduce((sum, sample) => sum + sample.value, 0);
}
