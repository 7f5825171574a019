/**
 * Last.fm as a live source, against a stand-in on loopback (a real server, never a mocked
 * `fetch`): what it asks, what a track playing now and a played one show, a "now playing"
 * flag left standing, and each way a read ends (the key refused, an error, a hang,
 * garbage, a redirect), with what the answers keep and what the health check says; the key
 * never shown; text from Last.fm on one printable line; the source's variables.
 */
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import type { Content } from "../../lib/content/site-content.ts";
import { liveConfig } from "../../lib/live/config.ts";
import { ownerFeed } from "../../lib/live/feature.ts";
import { LONGEST_TRACK_MS, lastfm, userInLinks } from "../../lib/live/lastfm.ts";
import { liveMetrics } from "../../lib/live/metrics.ts";
import type { ReadOutcome } from "../../lib/live/read.ts";
import { exposition } from "../../lib/metrics/exposition.ts";
import { Metrics } from "../../lib/metrics/registry.ts";
import { FIXED_NOW, sample } from "../support/app.ts";
import { samplesOf, total } from "../support/exposition.ts";
import { API_KEY, INVALID_KEY, type LastfmAnswer, startLastfm, TRACKS } from "../support/lastfm.ts";
import { memoryLog } from "../support/log.ts";

const lastfmStandIn = startLastfm();
afterAll(() => lastfmStandIn.stop());
beforeEach(() => {
  lastfmStandIn.requests.length = 0;
  lastfmStandIn.answer({ kind: "tracks", tracks: [] });
});

const USER_AGENT = "site-api/test (+https://rin.example)";

/** The fixture owner with a Last.fm link of her own, her GitHub left out: Last.fm alone is read. */
const LISTENER: Content = {
  ...sample,
  profile: {
    ...sample.profile,
    links: [...sample.profile.links, { label: "Last.fm", url: "https://www.last.fm/user/rin-listens" }],
  },
};

/** A feed over the owner's Last.fm, reading the stand-in, on the test's clock. */
function harness(env: Record<string, string> = {}) {
  const config = liveConfig({
    LASTFM_API_URL: lastfmStandIn.url,
    LASTFM_API_KEY: API_KEY,
    GITHUB_LOGIN: "off",
    LIVE_TIMEOUT_MS: "300",
    ...env,
  });
  let now = FIXED_NOW.getTime();
  const metrics = new Metrics();
  const log = memoryLog();
  const feed = ownerFeed(config, LISTENER, USER_AGENT, {
    clock: () => now,
    log,
    metrics: liveMetrics(metrics),
  });
  return {
    feed,
    metrics,
    log,
    /** Moves the clock on, and reads. */
    async readAfter(ms: number) {
      now += ms;
      await feed.refresh();
    },
    health: () => feed.health()[0],
    latest: () => feed.latest()[0],
  };
}

const reads = (metrics: Metrics, outcome: string) =>
  total(samplesOf(exposition(metrics.families)), "site_live_reads_total", { source: "lastfm", outcome });

const minutes = (n: number) => n * 60_000;
const PLAYED_AT = "2026-11-21T13:40:09Z";

describe("what it asks", () => {
  test("the owner's most recent track, with the key, as JSON, naming the site", async () => {
    await harness().feed.refresh();
    expect(lastfmStandIn.requests).toHaveLength(1);
    const [request] = lastfmStandIn.requests;
    expect(request?.path).toBe("/2.0/");
    expect(request?.query).toEqual({
      method: "user.getrecenttracks",
      user: "rin-listens",
      api_key: API_KEY,
      format: "json",
      limit: "1",
    });
    expect(request?.headers["user-agent"]).toBe(USER_AGENT);
  });
});

describe("what it shows", () => {
  test("a track playing now: listening to Track by Artist, linked to its page, with no age", async () => {
    lastfmStandIn.answer({ kind: "tracks", tracks: [TRACKS.playing(), TRACKS.played(PLAYED_AT)] });
    const { feed } = harness();
    await feed.refresh();
    expect(feed.latest()).toEqual([
      {
        source: "lastfm",
        sourceName: "Last.fm",
        kind: "listening",
        text: "listening to Harbour Lights by The Night Ferries",
        url: "https://www.last.fm/music/The+Night+Ferries/_/Harbour+Lights",
        happenedAt: FIXED_NOW,
        ongoing: true,
        readAt: FIXED_NOW,
        freshUntil: new Date(FIXED_NOW.getTime() + 600_000),
      },
    ]);
  });

  test("once it has stopped: last played Track by Artist, when it was played", async () => {
    lastfmStandIn.answer({ kind: "tracks", tracks: [TRACKS.played(PLAYED_AT)] });
    const { feed, latest } = harness();
    await feed.refresh();
    expect(latest()).toMatchObject({
      text: "last played Slack Water by The Night Ferries",
      url: "https://www.last.fm/music/The+Night+Ferries/_/Slack+Water",
      happenedAt: new Date(PLAYED_AT),
    });
    expect(latest()?.ongoing).toBeUndefined();
  });

  test("one track, given as an object rather than a list of one, is read alike", async () => {
    lastfmStandIn.answer({ kind: "tracks", tracks: TRACKS.played(PLAYED_AT) });
    const { feed, latest } = harness();
    await feed.refresh();
    expect(latest()?.text).toBe("last played Slack Water by The Night Ferries");
  });

  test("an owner who has played nothing shows nothing", async () => {
    const { feed } = harness();
    await feed.refresh();
    expect(feed.latest()).toEqual([]);
    expect(feed.health()[0]?.status).toBe("pass");
  });

  test("a 'now playing' flag standing longer than a track could last stops counting, and stays stopped", async () => {
    lastfmStandIn.answer({ kind: "tracks", tracks: [TRACKS.playing(), TRACKS.played(PLAYED_AT)] });
    const { readAfter, latest } = harness();
    await readAfter(0);
    await readAfter(minutes(10));
    expect(latest()).toMatchObject({
      text: "listening to Harbour Lights by The Night Ferries",
      ongoing: true,
    });
    expect(latest()?.happenedAt).toEqual(FIXED_NOW);
    await readAfter(LONGEST_TRACK_MS - minutes(10) + 1000);
    expect(latest()).toMatchObject({
      text: "last played Harbour Lights by The Night Ferries",
      happenedAt: FIXED_NOW,
    });
    expect(latest()?.ongoing).toBeUndefined();
    await readAfter(minutes(5));
    expect(latest()?.text).toBe("last played Harbour Lights by The Night Ferries");
  });

  test("the next track playing counts afresh", async () => {
    lastfmStandIn.answer({ kind: "tracks", tracks: [TRACKS.playing()] });
    const { readAfter, latest } = harness();
    await readAfter(0);
    await readAfter(LONGEST_TRACK_MS + minutes(1));
    expect(latest()?.ongoing).toBeUndefined();
    lastfmStandIn.answer({ kind: "tracks", tracks: [TRACKS.playing("Fog Signal")] });
    await readAfter(minutes(5));
    expect(latest()).toMatchObject({ text: "listening to Fog Signal by The Night Ferries", ongoing: true });
  });

  test("text from Last.fm is one line of printable text, not too long: no escape code reaches a terminal", async () => {
    const hostile = TRACKS.playing(`Tide\u001b[2J\nTable\u202e ${"la ".repeat(40)}`, "The\u0007 Bells\r\n");
    lastfmStandIn.answer({ kind: "tracks", tracks: [{ ...hostile, url: "javascript:alert(1)" }] });
    const { feed, latest } = harness();
    await feed.refresh();
    const text = latest()?.text ?? "";
    expect(text).toStartWith("listening to Tide [2J Table la la");
    expect(text).toEndWith("… by The Bells");
    expect(text).not.toMatch(/[\p{Cc}\u202e]/u);
    expect(latest()?.url).toBe("https://www.last.fm/user/rin-listens");
  });
});

describe("each way a read ends, what the answers keep, and what the health check says", () => {
  /** A feed that has read a played track, then reads `answer`. */
  async function afterGood(answer: LastfmAnswer) {
    lastfmStandIn.answer({ kind: "tracks", tracks: [TRACKS.played(PLAYED_AT)] });
    const run = harness();
    await run.readAfter(0);
    lastfmStandIn.answer(answer);
    await run.readAfter(minutes(5));
    return run;
  }

  test("the key refused: Last.fm's own words, the track kept", async () => {
    const { latest, health, metrics } = await afterGood(INVALID_KEY);
    expect(latest()?.text).toBe("last played Slack Water by The Night Ferries");
    expect(health()).toMatchObject({
      status: "warn",
      lastRead: { outcome: "http_error" },
      output: `the latest read, ${new Date(FIXED_NOW.getTime() + minutes(5)).toISOString()}: answered 403: Last.fm error 10: Invalid API key - You must be granted a valid key by last.fm`,
    });
    expect(reads(metrics, "http_error")).toBe(1);
    expect(reads(metrics, "updated")).toBe(1);
  });

  test("an error Last.fm answers with a 200 is no track, and says which", async () => {
    const { latest, health } = await afterGood({
      kind: "error",
      status: 200,
      error: 8,
      message: "Operation failed - Most likely the backend service failed. Please try again.",
    });
    expect(latest()?.text).toBe("last played Slack Water by The Night Ferries");
    expect(health()?.lastRead?.outcome).toBe("invalid");
    expect(health()?.output).toEndWith(
      ": Last.fm error 8: Operation failed - Most likely the backend service failed. Please try again.",
    );
  });

  test.each<[string, LastfmAnswer, ReadOutcome, string]>([
    ["a server error", { kind: "status", status: 500 }, "http_error", "answered 500"],
    ["garbage", { kind: "garbage" }, "invalid", "a body that is not JSON"],
    ["a hang", { kind: "hang" }, "timeout", "no whole answer within 300 ms"],
  ])("%s: the track kept", async (_what, answer, outcome, error) => {
    const { latest, health } = await afterGood(answer);
    expect(latest()?.text).toBe("last played Slack Water by The Night Ferries");
    expect(health()?.lastRead?.outcome).toBe(outcome);
    expect(health()?.output).toEndWith(`: ${error}`);
  });

  test("the key is never shown, not even when the runtime's error names the URL it was sent in", async () => {
    const { health, log, feed } = await afterGood({ kind: "redirect" });
    expect(health()?.lastRead?.outcome).toBe("unreachable");
    expect(health()?.output).toContain("no HTTP answer: ");
    const said = JSON.stringify([feed.health(), log.events]);
    expect(log.events.map(({ fields }) => fields.outcome)).toEqual(["updated", "unreachable"]);
    expect(said).not.toContain(API_KEY);
    expect(said).not.toContain(API_KEY.slice(0, 8));
  });
});

describe("as LASTFM_* and the content configure it", () => {
  const made = (env: Record<string, string>, content: Content = LISTENER) =>
    lastfm.configure(env)({ content, userAgent: USER_AGENT });

  test("off until configured: without LASTFM_API_KEY, no source, whatever else is set", () => {
    expect(made({})).toBeUndefined();
    expect(made({ LASTFM_USER: "rin-listens" })).toBeUndefined();
  });

  test("the user: LASTFM_USER, else the content's last.fm link; neither, or off, is no source", () => {
    const userOf = (env: Record<string, string>, content?: Content) =>
      new URL(
        made({ LASTFM_API_KEY: API_KEY, ...env }, content)?.request(undefined).url ?? "http://x/",
      ).searchParams.get("user");
    expect(userOf({})).toBe("rin-listens");
    expect(userOf({ LASTFM_USER: "ada_l" })).toBe("ada_l");
    expect(made({ LASTFM_API_KEY: API_KEY }, sample)).toBeUndefined();
    expect(made({ LASTFM_API_KEY: API_KEY, LASTFM_USER: "off" })).toBeUndefined();
  });

  test("Last.fm's API unless told: https://ws.audioscrobbler.com/2.0/", () => {
    const url = new URL(made({ LASTFM_API_KEY: API_KEY })?.request(undefined).url ?? "");
    expect(`${url.origin}${url.pathname}`).toBe("https://ws.audioscrobbler.com/2.0/");
  });

  test("a last.fm link, on last.fm or a national site of it", () => {
    const links = (url: string) => [{ label: "Music", url }];
    expect(userInLinks(links("https://www.last.fm/user/rin-listens"))).toBe("rin-listens");
    expect(userInLinks(links("https://last.fm/user/Ada_L/library"))).toBe("Ada_L");
    expect(userInLinks(links("https://www.lastfm.de/user/ada"))).toBe("ada");
    expect(userInLinks(links("https://www.last.fm/music/The+Night+Ferries"))).toBeUndefined();
    expect(userInLinks(links("https://example.com/user/ada"))).toBeUndefined();
  });
});
