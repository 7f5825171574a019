/**
 * GET /api/vcard for programs and browsers: a vCard 4.0 to the letter of RFC 6350 (CRLF,
 * folded at 75 octets, escaped), offered as a download, and read back by ical.js, a
 * parser we did not write.
 */
import { describe, expect, test } from "bun:test";
import ICAL from "ical.js";
import { as, SITE_URL, sample, send, testApp } from "../../support/app.ts";
import { profileWith } from "../../support/owners.ts";

const app = testApp();
const content = sample;
const { profile } = content;

const vcardOf = async (of = app, headers: Record<string, string> = as.pythonRequests) => {
  const response = await send(of, "/api/vcard", headers);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/vcard; charset=utf-8");
  return response.text();
};

/** The card as ical.js reads it. */
function parsed(text: string) {
  return new ICAL.Component(ICAL.parse(text) as unknown[]);
}

/** The app of an owner whose profile has these fields changed. */
const withProfile = (changes: Record<string, unknown>) => testApp({ files: profileWith(changes) });

describe("GET /api/vcard, the file", () => {
  test("is a vCard download for programs, browsers and anyone who asks for text/vcard", async () => {
    for (const headers of [
      as.pythonRequests,
      as.browser,
      as.curlAskingForJson,
      { ...as.curl, accept: "text/vcard" },
    ]) {
      const response = await send(app, "/api/vcard", headers);
      expect(response.headers.get("content-type")).toBe("text/vcard; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBe('attachment; filename="rin.vcf"');
      expect(await response.text()).toStartWith("BEGIN:VCARD\r\nVERSION:4.0\r\n");
    }
  });

  test("keeps RFC 6350's syntax: CRLF after every line, none over 75 octets, BEGIN first and END last", async () => {
    const text = await vcardOf();
    expect(text.endsWith("END:VCARD\r\n")).toBe(true);
    expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n"))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  test("names the owner, role, organisation, email, city, time zone and every web link, as ical.js reads it", async () => {
    const card = parsed(await vcardOf());
    expect(card.name).toBe("vcard");
    expect(card.getFirstPropertyValue("version")).toBe("4.0");
    expect(card.getFirstPropertyValue("fn")).toBe("Rin Hayashi");
    expect(card.getFirstPropertyValue("n")).toEqual(["Hayashi", "Rin", "", "", ""]);
    expect(card.getFirstPropertyValue("title")).toBe("Staff ML Engineer");
    expect(card.getFirstPropertyValue("org")).toBe("Tessellate Freight");
    expect(card.getFirstPropertyValue("email")).toBe(profile.email as string);
    expect(card.getFirstPropertyValue("adr")).toEqual(["", "", "", "Lisbon", "", "", "Portugal"]);
    expect(card.getFirstPropertyValue("tz")).toBe("Europe/Lisbon");
    expect(card.getAllProperties("url").map((url) => url.getFirstValue())).toEqual(
      profile.links.map(({ url }) => url).filter((url) => url.startsWith("https://")),
    );
    expect(card.getFirstPropertyValue("source")).toBe(`${SITE_URL}/api/vcard`);
    expect(String(card.getFirstPropertyValue("rev"))).toStartWith(profile.updated);
  });

  test("escapes commas, backslashes and a compound value's semicolons, and folds long lines between characters", async () => {
    const role = "Head of Research, ML; formerly \\ Ops";
    const organisation = "Tessellate; Freight, Inc.";
    // 30 characters of three octets each: the FN line is over 75 octets.
    const name = `Rin ${"林凛".repeat(15)} Hayashi`;
    const experience = [{ ...profile.experience[0], organisation }, ...profile.experience.slice(1)];
    const text = await vcardOf(withProfile({ role, name, experience }));
    expect(text).toContain("TITLE:Head of Research\\, ML; formerly \\\\ Ops\r\n");
    expect(text).toContain("ORG:Tessellate\\; Freight\\, Inc.\r\n");
    for (const line of text.split("\r\n"))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text).toMatch(/\r\n [^\r\n]/);
    const card = parsed(text);
    expect(card.getFirstPropertyValue("title")).toBe(role);
    expect(card.getFirstPropertyValue("fn")).toBe(name);
    expect(card.getFirstPropertyValue("org")).toBe(organisation);
  });

  test("N takes the profile's familyName, for a name written family name first, and the rest of the name as given name", async () => {
    const card = parsed(await vcardOf(withProfile({ name: "山田 花子", familyName: "山田" })));
    expect(card.getFirstPropertyValue("fn")).toBe("山田 花子");
    expect(card.getFirstPropertyValue("n")).toEqual(["山田", "花子", "", "", ""]);
  });

  test("leaves out what the profile does not have: no ORG without a current role, no EMAIL without an email", async () => {
    const experience = profile.experience.map((job) => ({ ...job, end: job.end ?? "2026-01" }));
    const card = parsed(await vcardOf(withProfile({ email: undefined, experience })));
    expect(card.getFirstPropertyValue("org")).toBeNull();
    expect(card.getFirstPropertyValue("email")).toBeNull();
  });

  test("revalidates with its ETag, and HEAD carries GET's headers without the body", async () => {
    const etag = (await send(app, "/api/vcard")).headers.get("etag") as string;
    const again = await send(app, "/api/vcard", { "if-none-match": etag });
    expect(again.status).toBe(304);
    const head = await send(app, "/api/vcard", as.browser, { method: "HEAD" });
    expect(head.headers.get("content-disposition")).toBe('attachment; filename="rin.vcf"');
    expect(await head.text()).toBe("");
  });
});
