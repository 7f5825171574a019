/**
 * The bench's split of a resident set (`bench/resident-parts.ts`), read from this test's
 * own process: the parts add up to the `VmRSS` the kernel reports, and the executable's
 * own pages are told from the rest.
 */
import { expect, test } from "bun:test";
import {
  medianParts,
  RESIDENT_PARTS,
  type ResidentParts,
  residentParts,
} from "../../bench/resident-parts.ts";
import { residentOf } from "../../scripts/loopback.ts";

test("the parts of a process's resident set add up to its VmRSS, and its anonymous part is its RssAnon", () => {
  const parts = residentParts(process.pid, process.execPath);
  const { vmRssMb: vmRss, rssAnonMb: rssAnon } = residentOf(process.pid);
  const sum = Object.values(parts).reduce((total, mb) => total + mb, 0);
  // Read a moment apart from /proc/self/status: the heap may move by a little between.
  expect(Math.abs(sum - vmRss)).toBeLessThan(2);
  expect(Math.abs(parts.anonymous - rssAnon)).toBeLessThan(2);
});

test("the executable's own code and read-only data count as its, not as other files", () => {
  const parts = residentParts(process.pid, process.execPath);
  expect(parts.code).toBeGreaterThan(1);
  expect(parts.readOnly).toBeGreaterThan(0);
  // Told another file is the executable (this test's source), the same pages are other files'.
  const asAnother = residentParts(process.pid, import.meta.path);
  expect(asAnother.code).toBe(0);
  expect(asAnother.otherFiles).toBeGreaterThan(parts.code);
});

test("the median of each part is taken on its own", () => {
  const sample = (code: number, anonymous: number): ResidentParts => ({
    ...(Object.fromEntries(Object.keys(RESIDENT_PARTS).map((part) => [part, 1])) as ResidentParts),
    code,
    anonymous,
  });
  expect(medianParts([sample(30, 5), sample(10, 25), sample(20, 15)])).toMatchObject({
    code: 20,
    anonymous: 15,
  });
});
