/** The text format writer, judged by promtool and read back: escaping, histograms, counters. */
import { expect, test } from "bun:test";
import { Counter, exposition, Gauge, Histogram } from "../../lib/metrics/exposition.ts";
import { samplesOf } from "../support/exposition.ts";
import { promtoolCheckMetrics } from "../support/promtool.ts";

test("label values with quotes, backslashes and newlines are escaped: promtool parses them, and they read back whole", () => {
  const counter = new Counter("test_escapes_total", "Label values that need escaping.", ["value"]);
  const awkward = ['say "hi"', "C:\\path\\", "two\nlines", "ünïcode ☃"];
  for (const value of awkward) counter.inc([value]);
  const text = exposition([counter]);
  expect(promtoolCheckMetrics(text)).toEqual({ exitCode: 0, problems: "" });
  expect(samplesOf(text).map((sample) => sample.labels.value)).toEqual(awkward);
});

test("a histogram's buckets are cumulative, end in +Inf, and carry the sum and count", () => {
  const histogram = new Histogram("test_duration_seconds", "Durations.", ["route"], [0.001, 0.01, 0.1]);
  for (const seconds of [0.0005, 0.001, 0.005, 0.05, 2]) histogram.observe(["/a"], seconds);
  histogram.observe(["/b"], 0.02);
  const text = exposition([histogram]);
  expect(promtoolCheckMetrics(text)).toEqual({ exitCode: 0, problems: "" });
  expect(text).toContain(
    [
      'test_duration_seconds_bucket{route="/a",le="0.001"} 2',
      'test_duration_seconds_bucket{route="/a",le="0.01"} 3',
      'test_duration_seconds_bucket{route="/a",le="0.1"} 4',
      'test_duration_seconds_bucket{route="/a",le="+Inf"} 5',
      'test_duration_seconds_sum{route="/a"} 2.0565',
      'test_duration_seconds_count{route="/a"} 5',
      'test_duration_seconds_bucket{route="/b",le="0.001"} 0',
    ].join("\n"),
  );
});

test("a counter starts a series at 0 when told to, and its name must end in _total", () => {
  const counter = new Counter("test_things_total", "Things.", ["kind"]);
  counter.inc(["none yet"], 0);
  expect(exposition([counter])).toEndWith('test_things_total{kind="none yet"} 0\n');
  expect(() => new Counter("test_things", "Things.", [])).toThrow("_total");
});

test("a gauge is read when the exposition is written", () => {
  let value = 1;
  const gauge = new Gauge("test_level", "A level.", [], () => [[[], value]]);
  expect(exposition([gauge])).toEndWith("test_level 1\n");
  value = 2.5;
  expect(exposition([gauge])).toEndWith("test_level 2.5\n");
});
