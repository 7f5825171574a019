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
const PUSH: KnownActivity = {
  source: "github",
  sourceName: "GitHub",
  text: "pushed to rin-example/evals",
  url: "https://github.com/rin-example/evals",
  happenedAt: PUSHED_AT,
  readAt: new Date(FIXED_NOW.getTime() - 60_000),
  freshUntil: new Date(FIXED_NOW.getTime() + 540_000),
};

/** A feed that shows `activities`, and says each source is `health`. */
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
