/**
 * @module The Prometheus text exposition format (version 0.0.4), written by hand: counters,
 * histograms and gauges with labels, each family a `# HELP` and a `# TYPE` line and then
 * its samples. Only what the site's metrics use: a few lines of our own where prom-client
 * costs memory and start-up time (docs/decisions/2026-11-23-metrics-own-exposition.md).
 */

/** What a scrape answers with: the format's version is part of the type. */
export const EXPOSITION_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

/** One metric family: its lines, when a scrape asks. */
export interface MetricFamily {
  /** Its name, e.g. `site_http_requests_total`: unique among the families of one exposition. */
  readonly name: string;
  lines(): string[];
}

/** The exposition of `families`, in their order, ending with a newline as the format wants. */
export function exposition(families: readonly MetricFamily[]): string {
  return `${families.flatMap((family) => family.lines()).join("\n")}\n`;
}

/** A label value, escaped as the format asks: backslash, double quote and newline. */
function escapeLabelValue(value: string): string {
  return value.replace(/[\\"\n]/g, (c) => (c === "\n" ? "\\n" : `\\${c}`));
}

/** `{a="x",b="y"}`, or nothing when there are no labels. */
function labelSet(names: readonly string[], values: readonly string[]): string {
  if (names.length === 0) return "";
  return `{${names.map((name, i) => `${name}="${escapeLabelValue(values[i] ?? "")}"`).join(",")}}`;
}

/** A sample value as the format writes it: Go's float syntax, which JavaScript's agrees with. */
function sampleValue(value: number): string {
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  return String(value);
}

function header(name: string, help: string, type: string): string[] {
  return [`# HELP ${name} ${help.replace(/\\/g, "\\\\").replace(/\n/g, "\\n")}`, `# TYPE ${name} ${type}`];
}

/** Series by their label values, in the order first seen. */
class Series<T> {
  private readonly byValues = new Map<string, { readonly values: readonly string[]; readonly state: T }>();
  constructor(private readonly create: () => T) {}

  of(values: readonly string[]): T {
    // A label value never holds a NUL: the values joined by it tell one series from another.
    const key = values.join("\u0000");
    let series = this.byValues.get(key);
    if (series === undefined) {
      series = { values: [...values], state: this.create() };
      this.byValues.set(key, series);
    }
    return series.state;
  }

  /** Every series, in the order first seen. */
  entries(): readonly { readonly values: readonly string[]; readonly state: T }[] {
    return [...this.byValues.values()];
  }
}

/** A count that only goes up, per label values. */
export class Counter implements MetricFamily {
  private readonly series = new Series(() => ({ value: 0 }));

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
  ) {
    if (!name.endsWith("_total")) throw new Error(`a counter's name ends in _total: ${name}`);
  }

  /** Adds `by` (0 makes the series exist, so that rates start from the first scrape). */
  inc(labelValues: readonly string[], by = 1): void {
    this.series.of(labelValues).value += by;
  }

  lines(): string[] {
    return [
      ...header(this.name, this.help, "counter"),
      ...this.series
        .entries()
        .map(
          ({ values, state }) =>
            `${this.name}${labelSet(this.labelNames, values)} ${sampleValue(state.value)}`,
        ),
    ];
  }
}

/** Observations counted into buckets by upper bound, per label values, with their count and sum. */
export class Histogram implements MetricFamily {
  private readonly series: Series<{ buckets: Float64Array; count: number; sum: number }>;

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    /** Upper bounds, ascending; `+Inf` is added. */
    readonly bounds: readonly number[],
  ) {
    this.series = new Series(() => ({ buckets: new Float64Array(bounds.length), count: 0, sum: 0 }));
  }

  observe(labelValues: readonly string[], value: number): void {
    const state = this.series.of(labelValues);
    // Each observation lands in its own bucket only; the lines add them up.
    for (let i = 0; i < this.bounds.length; i++) {
      if (value <= (this.bounds[i] as number)) {
        state.buckets[i] = (state.buckets[i] as number) + 1;
        break;
      }
    }
    state.count++;
    state.sum += value;
  }

  lines(): string[] {
    const leNames = [...this.labelNames, "le"];
    return [
      ...header(this.name, this.help, "histogram"),
      ...this.series.entries().flatMap(({ values, state }) => {
        let cumulative = 0;
        const buckets = this.bounds.map((bound, i) => {
          cumulative += state.buckets[i] as number;
          return `${this.name}_bucket${labelSet(leNames, [...values, sampleValue(bound)])} ${cumulative}`;
        });
        const own = labelSet(this.labelNames, values);
        return [
          ...buckets,
          `${this.name}_bucket${labelSet(leNames, [...values, "+Inf"])} ${state.count}`,
          `${this.name}_sum${own} ${sampleValue(state.sum)}`,
          `${this.name}_count${own} ${state.count}`,
        ];
      }),
    ];
  }
}

/** A value read when a scrape asks: memory, a start time, or a constant 1 carrying labels. */
export class Gauge implements MetricFamily {
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    private readonly read: () => readonly (readonly [labelValues: readonly string[], value: number])[],
  ) {}

  lines(): string[] {
    return [
      ...header(this.name, this.help, "gauge"),
      ...this.read().map(
        ([values, value]) => `${this.name}${labelSet(this.labelNames, values)} ${sampleValue(value)}`,
      ),
    ];
  }
}
