/**
 * @module The owner's live status: what the live view redraws every second and the event
 * stream sends on every change. The owner's clock, the /now status, and the latest
 * activity at each live source, with its age.
 */
import { Type as t } from "@sinclair/typebox";
import type { Content } from "../../content/site-content.ts";
import type { KnownActivity } from "../../live/feed.ts";
import { type LiveLine, liveLines } from "./layout.ts";
import { type LocalTime, ownerLocalTime } from "./owner-time.ts";

export interface LiveStatus {
  readonly name: string;
  /** The owner's local time, to the minute, and their time zone. */
  readonly localTime: LocalTime & { readonly timezone: string };
  /** The /now status: its line, and the day it was last updated. */
  readonly status: { readonly line: string; readonly updated: string };
  /** What the owner is building, from /now. */
  readonly building: readonly string[];
  /** The latest activity at each live source, the newest first; none before the first read. */
  readonly activity: readonly LiveLine[];
}

/** The live status at `at`. */
export function liveStatus(content: Content, activities: readonly KnownActivity[], at: Date): LiveStatus {
  const { profile, now } = content;
  const { timezone } = profile.location;
  return {
    name: profile.name,
    localTime: { ...ownerLocalTime(at, timezone), timezone },
    status: { line: now.status, updated: now.updated },
    building: now.building,
    activity: liveLines(activities, at),
  };
}

/** The live status's JSON, as the OpenAPI document describes it. */
export const liveStatusSchema = () =>
  t.Object({
    name: t.String(),
    localTime: t.Object(
      {
        time: t.String({ description: "HH:MM" }),
        weekday: t.String(),
        offset: t.String({ description: "GMT or GMT±H" }),
        timezone: t.String({ description: "IANA time zone" }),
      },
      { description: "The owner's local time, to the minute" },
    ),
    status: t.Object(
      { line: t.String(), updated: t.String({ format: "date" }) },
      { description: "/now's status" },
    ),
    building: t.Array(t.String()),
    activity: t.Array(
      t.Object({
        source: t.String(),
        text: t.String(),
        url: t.String(),
        happenedAt: t.String({ format: "date-time" }),
        ago: t.Optional(
          t.String({ description: "How long ago; none while it is still going on (a track playing)" }),
        ),
        checked: t.Optional(t.String({ description: "When no recent read confirmed it: when it was read" })),
      }),
      { description: "The latest activity at each live source, the newest first" },
    ),
  });
