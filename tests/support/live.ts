/**
 * Test support: a live feed that shows what a test says it read, for the answers that
 * draw it (the profile, the page, /now's JSON, one-liners, the health check). How the
 * feed reads is tested against the stand-in GitHub (`tests/live/`); this is what it hands
 * the answers.
 */
import type { KnownActivity, LiveFeed, SourceHealth } from "../../lib/live/feed.ts";
import { FIXED_NOW } from "./app.ts";

/** Twelve minutes before the golden files' instant. */
const PUSHED_AT = new Date(FIXED_NOW.getTime() - 12 * 60_000);

/** A push the fixture owner made, read a minute before the golden files' instant. */
export const PUSH: KnownActivity = {
  source: "github",
  sourceName: "GitHub",
  kind: "activity",
  text: "pushed to rin-example/evals",
  url: "https://github.com/rin-example/evals",
  happenedAt: PUSHED_AT,
  readAt: new Date(FIXED_NOW.getTime() - 60_000),
  freshUntil: new Date(FIXED_NOW.getTime() + 540_000),
};

/** A track the fixture owner plays now, seen playing since two minutes before the golden files' instant. */
export const PLAYING: KnownActivity = {
  source: "lastfm",
  sourceName: "Last.fm",
  kind: "listening",
  text: "listening to Harbour Lights by The Night Ferries",
  url: "https://www.last.fm/music/The+Night+Ferries/_/Harbour+Lights",
  happenedAt: new Date(FIXED_NOW.getTime() - 2 * 60_000),
  ongoing: true,
  readAt: new Date(FIXED_NOW.getTime() - 60_000),
  freshUntil: new Date(FIXED_NOW.getTime() + 540_000),
};

/** The same track, played 25 minutes before the golden files' instant. */
export const PLAYED: KnownActivity = {
  ...PLAYING,
  text: "last played Harbour Lights by The Night Ferries",
  happenedAt: new Date(FIXED_NOW.getTime() - 25 * 60_000),
  ongoing: false,
};

/** A feed that shows `activities` (the newest first, as a feed has them), and says each source is `health`. */
export function shownFeed(activities: readonly KnownActivity[] = [PUSH]): LiveFeed {
  const health: SourceHealth[] = activities.map((activity) => ({
    source: activity.source,
    sourceName: activity.sourceName,
    status: "pass",
    readAt: activity.readAt,
    lastRead: { at: activity.readAt, outcome: "not_modified" },
    output: undefined,
  }));
  return {
    latest: () => activities,
    health: () => health,
    refresh: async () => {},
    start: () => {},
    stop: () => {},
  };
}
