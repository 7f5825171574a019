/**
 * @module The owner's local time, for "it's 14:05 where they are" lines, and their day.
 * Formatters are costly to build, so one is kept per time zone.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      weekday: "long",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZoneName: "shortOffset",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface LocalTime {
  /** `14:05` */
  readonly time: string;
  /** `Saturday` */
  readonly weekday: string;
  /** `GMT` or `GMT+1` */
  readonly offset: string;
}

export function ownerLocalTime(at: Date, timeZone: string): LocalTime {
  const parts = formatterFor(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    time: `${part("hour")}:${part("minute")}`,
    weekday: part("weekday"),
    // ICU builds disagree on zero offsets ("GMT" or "GMT+0"): one spelling on every runtime.
    offset: part("timeZoneName").replace(/^(GMT|UTC)([+-]0(:00)?)?$/, "GMT"),
  };
}

/** `3d 4h 12m`, `4h 12m 5s`, `12s`: uptime as a person reads it. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const units: [number, string][] = [
    [Math.floor(s / 86400), "d"],
    [Math.floor((s % 86400) / 3600), "h"],
    [Math.floor((s % 3600) / 60), "m"],
    [s % 60, "s"],
  ];
  const first = units.findIndex(([n]) => n > 0);
  if (first === -1) return "0s";
  return units
    .slice(first, first + 3)
    .map(([n, unit]) => `${n}${unit}`)
    .join(" ");
}

/** `just now`, `12 min ago`, `3 h ago`, `4 days ago`: how long ago something happened, as a status line says it. */
export function ago(elapsedMs: number): string {
  const minutes = Math.floor(elapsedMs / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
