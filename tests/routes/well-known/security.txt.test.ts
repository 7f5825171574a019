/**
 * GET /.well-known/security.txt, field by field against RFC 9116: Contact and
 * Preferred-Languages from the profile, Expires from the build and less than a year ahead,
 * Canonical its own URL.
 */
import { describe, expect, test } from "bun:test";
import { EXPIRES_AFTER_DAYS } from "../../../lib/crawlers/security-txt.ts";
import { RELEASED_AT } from "../../../lib/runtime/version.ts";
import { as, FIXED_NOW, SITE_URL, send, testApp } from "../../support/app.ts";
import { profileWith } from "../../support/owners.ts";

const PATH = "/.well-known/security.txt";
const app = testApp();

/** The fields, by name; comments and blank lines skipped (RFC 9116 §2.4). */
async function fieldsOf(of = app): Promise<Map<string, string[]>> {
  const response = await send(of, PATH, as.curl);
  expect(response.status).toBe(200);
  const fields = new Map<string, string[]>();
  for (const line of (await response.text()).split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([A-Za-z-]+): (.+)$/.exec(line);
    expect(match, line).not.toBeNull();
    const [, name = "", value = ""] = match as RegExpExecArray;
    fields.set(name.toLowerCase(), [...(fields.get(name.toLowerCase()) ?? []), value]);
  }
  return fields;
}

describe("GET /.well-known/security.txt", () => {
  test("is UTF-8 plain text, as RFC 9116 §3 requires", async () => {
    const response = await send(app, PATH, as.browser);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  });

  test("has exactly one Expires and one Canonical and Preferred-Languages, and a Contact (§2.5)", async () => {
    const fields = await fieldsOf();
    expect(fields.get("contact")?.length).toBeGreaterThanOrEqual(1);
    expect(fields.get("expires")).toHaveLength(1);
    expect(fields.get("canonical")).toHaveLength(1);
    expect(fields.get("preferred-languages")).toHaveLength(1);
  });

  test("Contact is the owner's email from the profile, as a mailto: URI", async () => {
    expect((await fieldsOf()).get("contact")).toEqual(["mailto:rin@example.com"]);
  });

  test("Contact falls back to the owner's first link when the profile has no email", async () => {
    const noEmail = testApp({ files: profileWith({ email: undefined }) });
    expect((await fieldsOf(noEmail)).get("contact")).toEqual(["mailto:rin@example.com"]);
    const links = [{ label: "Website", url: "https://example.com" }];
    const linkOnly = testApp({ files: profileWith({ email: undefined, links }) });
    expect((await fieldsOf(linkOnly)).get("contact")).toEqual(["https://example.com"]);
  });

  test("Expires is an RFC 3339 instant 364 days after the release's commit (start-up without git)", async () => {
    const [expires] = (await fieldsOf()).get("expires") ?? [];
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    const releasedAt = (RELEASED_AT ?? FIXED_NOW).getTime();
    expect(Date.parse(expires as string)).toBe(releasedAt + EXPIRES_AFTER_DAYS * 86_400_000);
  });

  test("the release is this checkout's commit, as git dates it", () => {
    const git = Bun.spawnSync(["git", "log", "-1", "--format=%cI"], { cwd: import.meta.dir });
    expect(RELEASED_AT?.getTime()).toBe(Date.parse(git.stdout.toString().trim()));
  });

  test("Canonical is the file's own https URL on this site", async () => {
    expect((await fieldsOf()).get("canonical")).toEqual([`${SITE_URL}${PATH}`]);
  });

  test("Preferred-Languages are the languages the owner reads fluently, as language tags", async () => {
    // content/profile.json: Japanese (native), English (C2), Portuguese (B1).
    expect((await fieldsOf()).get("preferred-languages")).toEqual(["ja, en"]);
  });
});
