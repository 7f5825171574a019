/** Test support: a log that keeps what it is told instead of writing it. */
import type { AccessEntry, Log } from "../../lib/runtime/log.ts";

export interface MemoryLog extends Log {
  readonly accesses: AccessEntry[];
  readonly events: { name: string; fields: Readonly<Record<string, unknown>> }[];
  readonly errors: { message: string; error: unknown }[];
}

export function memoryLog(): MemoryLog {
  const accesses: AccessEntry[] = [];
  const events: MemoryLog["events"] = [];
  const errors: MemoryLog["errors"] = [];
  return {
    accesses,
    events,
    errors,
    access: (entry) => accesses.push(entry),
    event: (name, fields) => events.push({ name, fields }),
    error: (message, error) => errors.push({ message, error }),
    flush: () => {},
  };
}
