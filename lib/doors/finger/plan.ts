/**
 * @module The `.plan` that `finger handle@site` shows after the profile, as finger(1)
 * showed a user's `~/.plan`: the newest updates of /now (`content/now-history.json`, as
 * `bun run now` records them), each dated on the day it was made where the owner is, in
 * lines of at most 80 columns. Each text is put on one line first
 * (`lib/utils/one-line-text.ts`): nothing in it moves a cursor, breaks a line or reorders
 * what follows.
 */

import { dayIn } from "../../content/dates.ts";
import type { NowHistory } from "../../content/schemas.ts";
import { FRAME_MARGIN, wrap } from "../../profile/ansi/index.ts";
import { WIDTH } from "../../profile/text-switches.ts";
import { onOneLine } from "../../utils/one-line-text.ts";

/** How many updates the plan shows: the newest. */
export const PLAN_UPDATES = 5;

/** `2026-11-14  `: a date and the gap after it, where a wrapped text's next lines start. */
const DATE_COLUMNS = 12;

/** The plan: `Plan:`, then an update a line (or a few, wrapped), newest first; lines end in `\n`. */
export function fingerPlan(history: NowHistory, timeZone: string): string {
  const margin = " ".repeat(FRAME_MARGIN);
  if (history.length === 0) return `${margin}No Plan.\n`;
  const width = WIDTH.default - FRAME_MARGIN - DATE_COLUMNS;
  const lines = history.slice(0, PLAN_UPDATES).flatMap(({ at, text }) => {
    const [first = "", ...rest] = wrap(onOneLine(text), width);
    const day = dayIn(new Date(at), timeZone);
    return [`${day}  ${first}`, ...rest.map((line) => `${" ".repeat(DATE_COLUMNS)}${line}`)];
  });
  return `${margin}Plan:\n${lines.map((line) => `${margin}${line}`).join("\n")}\n`;
}
