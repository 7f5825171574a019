/**
 * @module The status card `/api/ping` shows a person at a terminal: more than the
 * JSON heartbeat, and a nudge toward what to try next.
 */
import type { LocalTime } from "../owner-time.ts";
import { heading, indent, keyValue } from "./parts.ts";
import { style } from "./style.ts";
import { truncate } from "./width.ts";

export interface StatusCard {
  readonly site: string;
  readonly status: string;
  readonly version: string;
  readonly uptime: string;
  readonly serverTime: string;
  readonly owner: string;
  readonly ownerTime: LocalTime;
  readonly ownerTimeZone: string;
  readonly suggestions: readonly { command: string; why: string }[];
}

const WIDTH = 80;
const MARGIN = 2;

export function renderStatusCard(card: StatusCard, width = WIDTH): string {
  const inner = width - MARGIN;
  const { time, weekday, offset } = card.ownerTime;
  const lines = [
    "",
    `${style.good("●")} ${style.value(truncate(`${card.site} is up: pong`, inner - 2))}`,
    "",
    ...keyValue("status", card.status, inner, 12),
    ...keyValue("uptime", card.uptime, inner, 12),
    ...keyValue("version", card.version, inner, 12),
    ...keyValue("server time", card.serverTime, inner, 12),
    ...keyValue(`${card.owner}'s time`, `${weekday} ${time} (${card.ownerTimeZone}, ${offset})`, inner, 12),
    "",
    heading("Try next", inner),
    ...card.suggestions.flatMap(({ command, why }) => [
      style.command(truncate(command, inner)),
      `  ${style.muted(truncate(why, inner - 2))}`,
    ]),
    "",
  ];
  return `${indent(lines, MARGIN).join("\n")}\n`;
}
