/** One reading of quality lists for both negotiations: Accept (who wants JSON) and Accept-Encoding. */
import { describe, expect, test } from "bun:test";
import { acceptsOnlyJson } from "../../lib/http/client-kind.ts";
import { negotiateEncoding } from "../../lib/http/compression.ts";
import { qualityList } from "../../lib/http/q-values.ts";

describe("qualityList", () => {
  test("reads each item and its weight, lower-cased, 1 when unweighted", () => {
    expect(qualityList("GZIP;q=0.8, br ,, Application/JSON;charset=utf-8")).toEqual([
      { value: "gzip", q: 0.8 },
      { value: "br", q: 1 },
      { value: "application/json", q: 1 },
    ]);
  });

  test.each(["q=0.0001", "q=1.5", "q=-1", "q=high", "q="])(
    "takes a weight not written as RFC 9110 says (%s) as 0",
    (q) => {
      expect(qualityList(`br;${q}`)).toEqual([{ value: "br", q: 0 }]);
    },
  );
});

describe("both negotiations read weights alike", () => {
  test("a weight of 0 refuses: `*/*;q=0` is no wildcard, and `br;q=0` no brotli", () => {
    expect(acceptsOnlyJson("application/json, */*;q=0")).toBe(true);
    expect(acceptsOnlyJson("application/json;q=0, */*")).toBe(false);
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
  });

  test("a weight not written as the RFC says counts as 0 in both", () => {
    expect(acceptsOnlyJson("application/json;q=1.5")).toBe(false);
    expect(negotiateEncoding("br;q=1.5, gzip;q=0.5")).toBe("gzip");
  });
});
