/**
 * The live activity in the shipped server's answers, read from a stand-in GitHub and a
 * stand-in Last.fm on loopback: the terminal profile, the page, the one-liners and the
 * health check show what was read, with its age (none for a track playing now); and no
 * answer of any route waits for a source, even one that never answers.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { stripColour } from "../../lib/profile/ansi/index.ts";
import { as, GET_PATHS } from "../support/app.ts";
import { EVENTS, REPO, type StandInGithub, startGithub } from "../support/github.ts";
import { API_KEY, type StandInLastfm, startLastfm, TRACKS } from "../support/lastfm.ts";
import { startServer, type TestServer } from "../support/server.ts";

/** Twelve minutes before the fixed instant the test server runs at. */
const PUSHED_AT = "2026-11-21T13:53:02Z";

async function get(server: TestServer, path: string, headers: Record<string, string>) {
  const began = performance.now();
  const response = await fetch(`${server.url}${path}`, { headers });
  const body = await response.text();
  return { status: response.status, body, ms: performance.now() - began };
}

describe("a source that answers", () => {
  let github: StandInGithub;
  let server: TestServer;
  beforeAll(async () => {
    github = startGithub({ kind: "events", events: [EVENTS.push(PUSHED_AT)] });
    server = await startServer({ GITHUB_API_URL: github.url });
    // The first read starts as the server starts listening, in the background.
    for (let tries = 0; tries < 100 && github.requests.length === 0; tries++) await Bun.sleep(10);
    await Bun.sleep(50);
  });
  afterAll(async () => {
    await server.stop();
    github.stop();
  });

  test("the terminal profile shows it under Now, with how long ago", async () => {
    const { body } = await get(server, "/?nocolor", as.curl);
    expect(body).toContain(`github     pushed to ${REPO} · 12 min ago`);
  });

  test("the page shows it, linked, with its time", async () => {
    const { body } = await get(server, "/", as.browser);
    expect(body).toContain(
      `<p class="live"><b>GitHub</b> <a href="https://github.com/${REPO}">pushed to ${REPO}</a> · <time datetime="2026-11-21T13:53:02.000Z">12 min ago</time></p>`,
    );
  });

  test("a one-liner's %a", async () => {
    const { body } = await get(server, "/?format=3&A", as.curl);
    expect(stripColour(body)).toBe(`Rin Hayashi · 14:05 · pushed to ${REPO} · 12 min ago\n`);
  });
});

describe("a source that never answers", () => {
  let github: StandInGithub;
  let server: TestServer;
  beforeAll(async () => {
    github = startGithub({ kind: "hang" });
    server = await startServer({ GITHUB_API_URL: github.url, LIVE_TIMEOUT_MS: "20000" });
    for (let tries = 0; tries < 100 && github.requests.length === 0; tries++) await Bun.sleep(10);
  });
  afterAll(async () => {
    await server.stop();
    github.stop();
  });

  const ASKED = [
    ...GET_PATHS.flatMap((path) => [
      [path, as.curl],
      [path, as.browser],
    ]),
    ["/?format=3", as.curl],
    ["/api/ping", { ...as.pythonRequests, accept: "application/health+json" }],
  ] as [string, Record<string, string>][];

  test.each(ASKED)(
    "%s answers at once, while the read hangs, with nothing to show",
    async (path, headers) => {
      expect(github.requests).toHaveLength(1);
      const { status, body, ms } = await get(server, path, headers);
      expect(status).toBe(200);
      // The read hangs until its 20 s budget: an answer that waited for it would take that long.
      // Seconds spare for a busy machine; no speed is measured here (that is the bench's).
      expect(ms).toBeLessThan(5000);
      expect(body).not.toContain("pushed to");
    },
  );

  test("the health check says the source is not read yet: warn, 200", async () => {
    const { body } = await get(server, "/api/ping", {
      ...as.pythonRequests,
      accept: "application/health+json",
    });
    expect(JSON.parse(body)).toMatchObject({ status: "warn", output: "github:age: not read yet" });
  });
});

/** Waits for a stand-in's first request: the first read starts as the server listens. */
async function firstRead(requests: readonly unknown[]) {
  for (let tries = 0; tries < 100 && requests.length === 0; tries++) await Bun.sleep(10);
  await Bun.sleep(50);
}

describe("a Last.fm that answers, a track playing", () => {
  let lastfm: StandInLastfm;
  let github: StandInGithub;
  let server: TestServer;
  beforeAll(async () => {
    lastfm = startLastfm({
      kind: "tracks",
      tracks: [TRACKS.playing(), TRACKS.played("2026-11-21T13:40:09Z")],
    });
    github = startGithub({ kind: "events", events: [EVENTS.push(PUSHED_AT)] });
    server = await startServer({
      GITHUB_API_URL: github.url,
      LASTFM_API_URL: lastfm.url,
      LASTFM_API_KEY: API_KEY,
      LASTFM_USER: "rin-listens",
    });
    await firstRead(lastfm.requests);
    await firstRead(github.requests);
  });
  afterAll(async () => {
    await server.stop();
    lastfm.stop();
    github.stop();
  });

  test("the terminal profile shows it under Now, with no age, above what the owner did", async () => {
    const { body } = await get(server, "/?nocolor", as.curl);
    const lines = body.split("\n");
    const at = lines.findIndex((line) => line.includes("last.fm"));
    expect(lines[at]).toBe("  last.fm    listening to Harbour Lights by The Night Ferries");
    expect(lines[at + 1]).toStartWith(`  github     pushed to ${REPO} · 12 min ago`);
  });

  test("the page shows it, linked to the track", async () => {
    const { body } = await get(server, "/", as.browser);
    expect(body).toContain(
      '<p class="live"><b>Last.fm</b> <a href="https://www.last.fm/music/The+Night+Ferries/_/Harbour+Lights">listening to Harbour Lights by The Night Ferries</a></p>',
    );
  });

  test("a one-liner's %m, and %a still what the owner did", async () => {
    const { body } = await get(server, "/?format=%25m+|+%25a", as.curl);
    expect(body).toBe(`listening to Harbour Lights by The Night Ferries | pushed to ${REPO} · 12 min ago\n`);
  });

  test("Waybar's tooltip shows it with no age, and nothing standing in for one", async () => {
    const { body } = await get(server, "/?format=%25m&waybar", as.curl);
    const { tooltip } = JSON.parse(body);
    expect(tooltip).toContain("Last.fm: listening to Harbour Lights by The Night Ferries\n");
    expect(tooltip).not.toContain("undefined");
  });

  test("the health check has a check for it", async () => {
    const { body } = await get(server, "/api/ping", {
      ...as.pythonRequests,
      accept: "application/health+json",
    });
    const health = JSON.parse(body);
    expect(health.checks["lastfm:age"][0]).toMatchObject({
      status: "pass",
      observedValue: 0,
      lastOutcome: "updated",
    });
  });
});

describe("a Last.fm that never answers", () => {
  let lastfm: StandInLastfm;
  let server: TestServer;
  beforeAll(async () => {
    lastfm = startLastfm({ kind: "hang" });
    server = await startServer({
      LASTFM_API_URL: lastfm.url,
      LASTFM_API_KEY: API_KEY,
      LASTFM_USER: "rin-listens",
      LIVE_TIMEOUT_MS: "20000",
    });
    for (let tries = 0; tries < 100 && lastfm.requests.length === 0; tries++) await Bun.sleep(10);
  });
  afterAll(async () => {
    await server.stop();
    lastfm.stop();
  });

  test.each([
    ...GET_PATHS.flatMap((path) => [
      [path, as.curl],
      [path, as.pythonRequests],
    ]),
    ["/?format=%25m", as.curl],
    ["/api/ping", { ...as.pythonRequests, accept: "application/health+json" }],
  ] as [string, Record<string, string>][])(
    "%s answers at once, while the read hangs",
    async (path, headers) => {
      expect(lastfm.requests).toHaveLength(1);
      const { status, body, ms } = await get(server, path, headers);
      expect(status).toBe(200);
      // The read hangs until its 20 s budget: an answer that waited for it would take that long.
      // Seconds spare for a busy machine; no speed is measured here (that is the bench's).
      expect(ms).toBeLessThan(5000);
      expect(body).not.toContain("listening to");
    },
  );
});
