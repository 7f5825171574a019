/** The search tool: what the site says, found by a query's words, whatever their case and accents. */
import { describe, expect, test } from "bun:test";
import { passages, search } from "../../lib/mcp/search.ts";
import { nowStatus } from "../../lib/profile/model/now-status.ts";
import { otherOwner, SITE_URL, sample } from "../support/app.ts";
import { PUSH } from "../support/live.ts";

const PAGES = { profile: `${SITE_URL}/profile.md`, now: `${SITE_URL}/now.md` };
const all = passages(sample, nowStatus(sample, [PUSH]), PAGES);

describe("search", () => {
  test("finds the passages with every word, in the order the site says them, each with where and its page", () => {
    const { total, results } = search(all, { query: "drift monitor" });
    expect(total).toBe(1);
    expect(results[0]).toMatchObject({ where: "now: building", url: PAGES.now });
  });

  test("a word may begin a longer one, in any case and without its accents", () => {
    expect(search(all, { query: "EVAL" }).total).toBeGreaterThan(1);
    expect(search(all, { query: "lisboa" }).total).toBe(0);
    const accented = passages(otherOwner, nowStatus(otherOwner, []), PAGES);
    const word = accented.map(({ text }) => text.match(/\p{L}*[\u00C0-\u024F]\p{L}*/u)?.[0]).find(Boolean);
    if (word)
      expect(
        search(accented, { query: word.normalize("NFKD").replace(/\p{M}/gu, "") }).total,
      ).toBeGreaterThan(0);
  });

  test("where a passage is said counts too: the experience at an organisation, a skill's group", () => {
    const { results } = search(all, { query: "experience tessellate" });
    expect(results[0]?.where).toBe("experience: Staff ML Engineer, Tessellate Freight");
  });

  test("the latest activity is searched as what the owner did lately", () => {
    expect(search(all, { query: "pushed" }).results[0]).toMatchObject({ where: "now: lately on github" });
  });

  test("at most `limit` passages, 5 unless told; the total says how many there were", () => {
    const many = search(all, { query: "a" });
    expect(many.results).toHaveLength(5);
    expect(many.total).toBeGreaterThan(5);
    expect(search(all, { query: "a", limit: 2 }).results).toHaveLength(2);
  });

  test("a query of no words finds nothing", () => {
    expect(search(all, { query: "?!" })).toEqual({ query: "?!", total: 0, results: [] });
  });
});
