/**
 * `bun run format`: formats the project's files and applies biome's safe fixes
 * (`biome check --write`), everywhere or in the paths given. The command line is read
 * first, so `--help` writes nothing.
 */
import { CONSOLE, readCommandLine } from "../lib/runtime/command-line.ts";
import { runSteps } from "./steps.ts";

const COMMAND = {
  name: "bun run format",
  usage: `usage: bun run format [PATH...]

Formats the files and applies biome's safe fixes, sorted imports included
(biome check --write), in each PATH, or in the whole project. What it cannot
fix is listed; bun run check checks without writing.

Arguments:
  PATH        a file or folder to format (default: the whole project)

Options:
  -h, --help  this text

Exit status:
  0  formatted, and nothing left to fix by hand
  1  biome found something it cannot fix itself; it said what
  2  a usage error`,
  options: {},
  positionals: true,
} as const;

const read = readCommandLine(process.argv.slice(2), COMMAND, CONSOLE);
if (read.exit !== undefined) process.exit(read.exit);
const paths = read.positionals.length > 0 ? read.positionals : ["."];

process.exit(runSteps(COMMAND.name, [{ command: ["biome", "check", "--write", ...paths] }]));
