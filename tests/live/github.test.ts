/**
 * GitHub's events as phrases: each type shown, as GitHub's documentation gives it (the
 * trimmed github.com payloads, and Enterprise Server's with a push's size); the newest
 * shown; what a stranger could put in a tag kept out of a terminal; the login from a link.
 */
import { describe, expect, test } from "bun:test";
import { github, latestActivity, loginInLinks } from "../../lib/live/github.ts";
import { InvalidBody } from "../../lib/outbound/bounded-fetch.ts";
import { sample } from "../support/app.ts";
import { EVENTS, REPO } from "../support/github.ts";

const AT = "2026-11-21T13:53:02Z";
const phrase = (event: unknown) => latestActivity([event]);

describe("each event type shown", () => {
  test.each([
    ["a push", EVENTS.push(AT), `pushed to ${REPO}`, `https://github.com/${REPO}`],
    [
      "a push that says its size",
      EVENTS.pushWithSize(AT, 3),
      `pushed 3 commits to ${REPO}`,
      `https://github.com/${REPO}`,
    ],
    [
      "a push of one commit",
      EVENTS.pushWithSize(AT, 1),
      `pushed 1 commit to ${REPO}`,
      `https://github.com/${REPO}`,
    ],
    [
      "a pull request opened",
      EVENTS.pullRequest(AT, "opened", 8),
      `opened pull request #8 in ${REPO}`,
      `https://github.com/${REPO}/pull/8`,
    ],
    [
      "a pull request merged",
      EVENTS.pullRequest(AT, "closed", 9, true),
      `merged pull request #9 in ${REPO}`,
      `https://github.com/${REPO}/pull/9`,
    ],
    [
      "a pull request closed",
      EVENTS.pullRequest(AT, "closed", 9),
      `closed pull request #9 in ${REPO}`,
      `https://github.com/${REPO}/pull/9`,
    ],
    [
      "a release",
      EVENTS.release(AT, "v1.2.0"),
      `released v1.2.0 of ${REPO}`,
      `https://github.com/${REPO}/releases/tag/v1.2.0`,
    ],
    [
      "a new repository",
      EVENTS.createRepository(AT, "rin-example/drift"),
      "created rin-example/drift",
      "https://github.com/rin-example/drift",
    ],
  ])("%s", (_name, event, text, url) => {
    expect(phrase(event)).toEqual({ text, url, happenedAt: new Date(AT) });
  });

  test("types and actions not shown give nothing", () => {
    for (const event of [EVENTS.watch(AT), EVENTS.createBranch(AT), EVENTS.pullRequest(AT, "labeled")]) {
      expect(phrase(event)).toBeNull();
    }
    expect(latestActivity([])).toBeNull();
  });
});

test("the newest event shown wins, wherever it is in the page", () => {
  const activity = latestActivity([
    EVENTS.watch("2026-11-21T14:00:00Z"),
    EVENTS.release("2026-11-19T10:00:00Z", "v1.0.0"),
    EVENTS.push("2026-11-21T11:00:00Z"),
  ]);
  expect(activity?.text).toBe(`pushed to ${REPO}`);
});

test("a tag with escape codes and line breaks is shown as plain text on one line, and not too long", () => {
  const activity = phrase(EVENTS.release(AT, `v2\u001b[2J\nrelease${"!".repeat(100)}`));
  expect(activity?.text).not.toMatch(/\p{Cc}/u);
  expect(activity?.text.startsWith(`released v2 [2J release`)).toBe(true);
  expect(activity?.text.length).toBeLessThan(80);
});

test("a tag with a bidirectional override or a line separator is shown in the order it is written, on one line", () => {
  const activity = phrase(EVENTS.release(AT, "v3\u202Egnp.exe\u2028notes"));
  expect(activity?.text).toBe(`released v3 gnp.exe notes of ${REPO}`);
});

test("an event whose repository or date cannot be placed is passed over", () => {
  const push = EVENTS.push(AT);
  expect(phrase({ ...push, repo: { name: "../../etc/passwd" } })).toBeNull();
  expect(phrase({ ...push, created_at: "yesterday" })).toBeNull();
});

test("anything but a list of events is an invalid body", () => {
  for (const body of [{ message: "Not Found" }, "events", null, [1, 2], [{ id: "1" }]]) {
    expect(() => latestActivity(body)).toThrow(InvalidBody);
  }
});

test("the login comes from the first GitHub link, a profile's or a repository's", () => {
  expect(loginInLinks([{ label: "Site", url: "https://example.com" }])).toBeUndefined();
  expect(loginInLinks([{ label: "GitHub", url: "https://github.com/ada" }])).toBe("ada");
  expect(loginInLinks([{ label: "Code", url: "https://www.github.com/ada-l/engine" }])).toBe("ada-l");
  expect(loginInLinks([{ label: "Gist", url: "https://gist.github.com/ada" }])).toBeUndefined();
});

describe("as GITHUB_* configure it", () => {
  const made = (env: Record<string, string>) =>
    github.configure(env)({ content: sample, userAgent: "site-api/test (+https://rin.example)" });

  test("by default: GitHub's API, the login of the content's GitHub link, no token", () => {
    const request = made({})?.request(undefined);
    expect(request?.url).toBe("https://api.github.com/users/rin-example/events/public?per_page=30");
    expect(request?.headers.get("authorization")).toBeNull();
  });

  test("another API's root, a token and a login of their own", () => {
    const request = made({
      GITHUB_API_URL: "https://ghe.example/api/v3/",
      GITHUB_TOKEN: "github_pat_11AB",
      GITHUB_LOGIN: "ada-l",
    })?.request('"etag"');
    expect(request?.url).toBe("https://ghe.example/api/v3/users/ada-l/events/public?per_page=30");
    expect(request?.headers.get("authorization")).toBe("Bearer github_pat_11AB");
    expect(request?.headers.get("if-none-match")).toBe('"etag"');
  });

  test("GITHUB_LOGIN=off: no source, link or not", () => {
    expect(made({ GITHUB_LOGIN: "off" })).toBeUndefined();
  });
});
