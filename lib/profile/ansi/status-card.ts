/**
 * @module The status card `/api/ping` shows a person at a terminal: more than the
 * JSON heartbeat, and a nudge toward what to try next.
 */

import { wrapRuns } from "../../utils/width.ts";
import type { LocalTime } from "../model/owner-time.ts";
import { type CommandEntry, commandList } from "./command.ts";
import { framed, heading, insideFrame, keyValue } from "./parts.ts";
import type { Style } from "./style.ts";

export interface StatusCard {
  readonly site: string;
  readonly status: string;
  readonly version: string;
  readonly uptime: string;
  readonly serverTime: string;
  readonly owner: string;
  readonly ownerTime: LocalTime;
  readonly ownerTimeZone: string;
  readonly suggestions: readonly CommandEntry[];
}

/** The card, at most `width` visible columns a line (but a command word wider than that), drawn in `s`. */
export function renderStatusCard(card: StatusCard, width: number, s: Style): string {
  const inner = insideFrame(width);
  const { time, weekday, offset } = card.ownerTime;
  const field = (key: string, value: string) => keyValue(key, value, inner, s, { keyWidth: 12 });
  const lines = [
    "",
    ...wrapRuns(
      [
        { text: "●", draw: s.good },
        { text: `${card.site} is up: pong`, draw: s.value },
      ],
      inner,
    ),
    "",
    ...field("status", card.status),
    ...field("uptime", card.uptime),
    ...field("version", card.version),
    ...field("server time", card.serverTime),
    ...field(`${card.owner}'s time`, `${weekday} ${time} (${card.ownerTimeZone}, ${offset})`),
    "",
    heading("Try next", inner, s),
    ...commandList(card.suggestions, inner, s),
    "",
  ];
  return framed(lines);
}
