/**
 * @module The live view's frames: the owner's live status drawn to fit the width, and the
 * terminal codes that draw each frame over the last (cursor home, each line cleared to its
 * end, the rest of the screen cleared), so the screen does not scroll. Colour follows the
 * style; the cursor codes are the view itself and stay with `?nocolor` too.
 */

import { wrapRuns } from "../../utils/width.ts";
import type { LiveStatus } from "../model/live-status.ts";
import { FRAME_MARGIN, indent, insideFrame, keyValue } from "./parts.ts";
import type { Style } from "./style.ts";

/** One frame's moment: the status, the second, and what is left of the view. */
export interface LiveFrame {
  readonly status: LiveStatus;
  /** `07`: the seconds of the owner's clock, which the status gives to the minute. */
  readonly seconds: string;
  /** The online mark, full and empty in turn each second. */
  readonly pulse: boolean;
  /** Seconds until the view ends. */
  readonly endsIn: number;
}

const ESC = "\x1b[";
/** Clears the screen and homes the cursor: the first frame. */
export const CLEAR_SCREEN = `${ESC}2J${ESC}H`;
/** Homes the cursor: every later frame. */
export const CURSOR_HOME = `${ESC}H`;
const CLEAR_LINE_END = `${ESC}K`;
const CLEAR_SCREEN_END = `${ESC}J`;

/** How long a view lasts, as its last line says it: `10 min`, or `90 s` when not whole minutes. */
export function viewLength(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
}

/** `9:52`: minutes and seconds. */
function clockOf(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** The frame's lines, at most `width` visible columns each. */
export function liveViewLines(frame: LiveFrame, width: number, s: Style): string[] {
  const inner = insideFrame(width);
  const { status } = frame;
  const { weekday, time, offset, timezone } = status.localTime;
  const field = (key: string, value: string) => keyValue(key, value, inner, s, { keyWidth: 10 });
  return indent(
    [
      "",
      ...wrapRuns(
        [
          { text: frame.pulse ? "●" : "○", draw: s.good },
          { text: status.name, draw: s.name },
          { text: "· live", draw: s.muted },
        ],
        inner,
      ),
      "",
      ...field("local time", `${weekday} ${time}:${frame.seconds} (${timezone}, ${offset})`),
      ...status.activity.flatMap(({ source, text, ago, checked }) =>
        field(source.toLowerCase(), [text, ago, checked].filter(Boolean).join(" · ")),
      ),
      ...field("now", status.status.line),
      ...(status.building[0] ? field("building", status.building[0]) : []),
      ...field("updated", status.status.updated),
      "",
      ...wrapRuns(
        [{ text: `Ctrl-C to quit · this view ends in ${clockOf(frame.endsIn)}`, draw: s.muted }],
        inner,
      ),
    ],
    FRAME_MARGIN,
  );
}

/** A frame as it is written: over the last one, every line cleared to its end. */
export function drawnOver(lines: readonly string[], first: boolean): string {
  return `${first ? CLEAR_SCREEN : CURSOR_HOME}${lines.map((line) => `${line}${CLEAR_LINE_END}`).join("\n")}\n${CLEAR_SCREEN_END}`;
}
