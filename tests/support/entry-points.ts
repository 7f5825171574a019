/**
 * Test support: how each runtime runs an entry file, as a user runs it: `bun FILE`, and
 * Deno with the permissions `deno.json`'s start task gives.
 */
export type Runtime = "bun" | "deno";

const RUN: Readonly<Record<Runtime, readonly string[]>> = {
  bun: ["bun"],
  deno: ["deno", "run", "--allow-net", "--allow-env", "--allow-read", "--allow-run=git"],
};

/** The command that runs `file` on `runtime`. */
export const runOn = (runtime: Runtime, file: string): string[] => [...RUN[runtime], file];

/** Each runtime's entry point. */
export const ENTRY_POINTS: Readonly<Record<Runtime, string[]>> = {
  bun: runOn("bun", "server.ts"),
  deno: runOn("deno", "server.deno.ts"),
};
