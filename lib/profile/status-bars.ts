/**
 * @module What status bars read besides plain text and ANSI colour: tmux draws its status
 * line from `#[fg=…]` styles (an escape code shows there as raw bytes) and reads `#` as the
 * start of one; Waybar reads a custom module's JSON, its text as Pango markup.
 */
import { onOneLine } from "../utils/one-line-text.ts";
import { type Ink, PALETTES, type PaletteName, type Role } from "./ansi/palettes.ts";
import { PLAIN, type Style } from "./ansi/style.ts";
import { liveStatus } from "./model/live-status.ts";
import { drawOneLiner, type Format, type OneLinerValues } from "./one-liner.ts";

/** Text as tmux shows it, not as a style or a format: each `#` doubled. */
export function tmuxEscaped(text: string): string {
  return text.replaceAll("#", "##");
}

/** An ink as a tmux style: `fg=colour28,bold`. */
function tmuxStyle({ colour, bold, dim, underline }: Ink): string {
  const fg = typeof colour === "number" ? `colour${colour}` : colour;
  return [fg && `fg=${fg}`, bold && "bold", dim && "dim", underline && "underscore"]
    .filter(Boolean)
    .join(",");
}

/** A palette drawn in tmux's styles; each run ends with `#[default]`. Text is escaped first (`tmuxEscaped`). */
export function tmuxStyleOf(name: PaletteName): Style {
  const palette = PALETTES[name];
  return Object.fromEntries(
    Object.entries(palette).map(([role, ink]) => {
      const style = tmuxStyle(ink);
      const draw = (text: string) => (text === "" || style === "" ? text : `#[${style}]${text}#[default]`);
      return [role as Role, draw];
    }),
  ) as Style;
}

const PANGO_ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text as Pango markup shows it, not as markup: `R&D on <Iceberg>` → `R&amp;D on &lt;Iceberg&gt;`. */
export function pangoEscaped(text: string): string {
  return text.replace(/[&<>"']/g, (char) => PANGO_ENTITIES[char] as string);
}

/** A Waybar custom module's JSON (`"return-type": "json"`): its text, its tooltip, its CSS class. */
export interface WaybarModule {
  readonly text: string;
  readonly tooltip: string;
  /** `active` while the latest activity is under an hour old; `idle` otherwise, or before any. */
  readonly class: "active" | "idle";
}

const HOUR_MS = 3_600_000;

/**
 * The one-liner as Waybar reads it: the line as its text, the whole live status as its
 * tooltip, each escaped for Pango markup, which Waybar draws both as.
 */
export function waybarModule(format: Format, values: OneLinerValues): WaybarModule {
  const { name, localTime, status, building, activity } = liveStatus(
    values.content,
    values.activities,
    values.at,
  );
  const tooltip = [
    `${name} · ${localTime.weekday} ${localTime.time} (${localTime.timezone})`,
    `Now: ${status.line}`,
    ...(building[0] ? [`Building: ${building[0]}`] : []),
    ...activity.map(({ source, text, ago }) => `${source}: ${[text, ago].filter(Boolean).join(" · ")}`),
  ];
  const latest = values.activities[0];
  const recent = latest !== undefined && values.at.getTime() - latest.happenedAt.getTime() < HOUR_MS;
  return {
    text: drawOneLiner(format, values, PLAIN, pangoEscaped),
    tooltip: tooltip.map((line) => pangoEscaped(onOneLine(line))).join("\n"),
    class: recent ? "active" : "idle",
  };
}
