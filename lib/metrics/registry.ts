/**
 * @module The site's metrics: every family, registered where what it counts happens (the
 * request pipeline, each feature, the process), exposed in the order registered. A name
 * registered twice is a mistake of the code, refused as the app is built.
 */
import { Counter, Gauge, Histogram, type MetricFamily } from "./exposition.ts";

type GaugeRead = ConstructorParameters<typeof Gauge>[3];

export class Metrics {
  readonly #families = new Map<string, MetricFamily>();

  /** A count that only goes up, per label values. */
  counter(name: string, help: string, labelNames: readonly string[]): Counter {
    return this.add(new Counter(name, help, labelNames));
  }

  /** Observations counted into buckets by upper bound (ascending; `+Inf` is added). */
  histogram(name: string, help: string, labelNames: readonly string[], bounds: readonly number[]): Histogram {
    return this.add(new Histogram(name, help, labelNames, bounds));
  }

  /** A value `read` when a scrape asks. */
  gauge(name: string, help: string, labelNames: readonly string[], read: GaugeRead): Gauge {
    return this.add(new Gauge(name, help, labelNames, read));
  }

  /** Registers `family`; throws if one of its name is registered already. */
  add<T extends MetricFamily>(family: T): T {
    if (this.#families.has(family.name)) throw new Error(`the metric ${family.name} is registered twice`);
    this.#families.set(family.name, family);
    return family;
  }

  /** Every family, in the order registered: what a scrape writes. */
  get families(): readonly MetricFamily[] {
    return [...this.#families.values()];
  }
}
