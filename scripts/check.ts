/**
 * `bun run check`: format, lint and types, checked and never written: `biome check .`,
 * then `tsc --noEmit`. The command line is read first, so `--help` runs neither.
 */
import { CONSOLE, readCommandLine } from "../lib/runtime/command-line.ts";
import { runSteps } from "./steps.ts";

const COMMAND = {
  name: "bun run check",
  usage: `usage: bun run check

Checks the format and the lint rules (biome check .), then the types
(tsc --noEmit), and writes nothing: bun run format fixes what biome can.

Options:
  -h, --help  this text

Exit status:
  0  both passed
  1  biome or tsc found a problem; it said which
  2  a usage error`,
  options: {},
  positionals: false,
} as const;

const read = readCommandLine(process.argv.slice(2), COMMAND, CONSOLE);
if (read.exit !== undefined) process.exit(read.exit);

process.exit(
  runSteps(COMMAND.name, [{ command: ["biome", "check", "."] }, { command: ["tsc", "--noEmit"] }]),
);
