/**
 * @module What the server says to `--help`: how to run it, the variables it reads (the
 * core's, then each feature's, as each declares them), and its exit codes. docs/deploy.md
 * has every variable with its default.
 */

import type { Command } from "../runtime/command-line.ts";
import { CONFIG_HELP } from "../runtime/config.ts";
import type { VariableHelp } from "../runtime/env.ts";
import type { Feature } from "../site/feature.ts";
import { wrap } from "../utils/width.ts";

/** Where a variable's meaning starts: two spaces, a name of up to 12 characters, two spaces. */
const MEANING_COLUMN = 16;
const MEANING_WIDTH = 62;

/** A group of variables as `--help` lists it: one name and its meaning on a line when they fit, else the names above it. */
function helpLines({ variables, meaning }: VariableHelp): string[] {
  const names = variables.join(", ");
  const lines = wrap(meaning, MEANING_WIDTH);
  const indent = " ".repeat(MEANING_COLUMN);
  if (names.length <= MEANING_COLUMN - 4) {
    const [first = "", ...rest] = lines;
    return [`  ${names.padEnd(MEANING_COLUMN - 2)}${first}`, ...rest.map((line) => `${indent}${line}`)];
  }
  return [...wrap(names, 76).map((line) => `  ${line}`), ...lines.map((line) => `${indent}${line}`)];
}

/**
 * The usage text, with the variables of `features` after the core's, and how long the drain
 * waits for requests in flight (`graceMs`).
 */
export function serverUsage(features: readonly Feature[], graceMs: number): string {
  const variables = [...CONFIG_HELP, ...features.flatMap(({ settings }) => settings?.help ?? [])];
  return `usage: site [--help | --version]
       (./dist/site, bun run start, deno task start)

Serves the site's API on PORT, and GET /metrics for Prometheus on METRICS_PORT
when metrics are on. Its settings come from the environment, read at start-up:

${variables.flatMap(helpLines).join("\n")}

Every variable, with its default: docs/deploy.md, "Configuration".

Options:
  -h, --help    this text
  --version     the version and its commit, e.g. 1.0.0+91a86731a0c9

Exit status:
  0  --help or --version; or stopped by SIGTERM or SIGINT once every request
     in flight was answered
  1  a variable, a content file or an address refused at start-up (one line on
     stderr), or requests still running ${graceMs / 1000} s after SIGTERM or SIGINT
  2  an option it does not take`;
}

/** The server's command line, as `readCommandLine` reads it. */
export function serverCommand(features: readonly Feature[], graceMs: number) {
  return {
    name: "site",
    usage: serverUsage(features, graceMs),
    options: { version: { type: "boolean" } },
    positionals: false,
  } as const satisfies Command<{ version: { type: "boolean" } }>;
}
