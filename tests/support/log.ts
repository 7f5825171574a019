/** Test support: a log that keeps what it is told instead of writing it. */
import type { Log } from "../../lib/runtime/log.ts";

export interface AccessEntry {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly client: string;
  readonly requestId: string;
}

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
    access: (_arrivedAtMs, method, path, status, _durationMs, client, requestId) =>
      accesses.push({ method, path, status, client, requestId }),
    event: (name, fields) => events.push({ name, fields }),
    error: (message, error) => errors.push({ message, error }),
    flush: () => {},
  };
}
