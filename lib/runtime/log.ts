/**
 * @module The app's log: errors with their traces, and events as one JSON line each
 * (`{"event":"indexnow.submission",...}`), so a log search can filter on fields. Tests
 * pass their own to capture lines instead of spying on the console.
 */
import type { ErrorLog } from "../http/errors.ts";

export interface AppLog extends ErrorLog {
  /** One structured line: the event's name and its fields. */
  event(name: string, fields: Readonly<Record<string, unknown>>): void;
}

export const consoleLog: AppLog = {
  error: (message, error) => console.error(message, error),
  event: (name, fields) =>
    console.log(JSON.stringify({ time: new Date().toISOString(), event: name, ...fields })),
};
