/**
 * `bun run golden:update`: the golden-file tests run with `UPDATE_GOLDEN=1`, which rewrites
 * each golden file to what the code answers now; the diff is then the change to review.
 * The command line is read first, so `--help` rewrites nothing.
 */
import { CONSOLE, readCommandLine } from "../lib/runtime/command-line.ts";
import { runSteps } from "./steps.ts";

const COMMAND = {
  name: "bun run golden:update",
  usage: `usage: bun run golden:update [-t PATTERN]

Rewrites the golden files (tests/golden, and a route's own beside its tests in
tests/routes) to what the code answers now: runs their tests with
UPDATE_GOLDEN=1. Run it after an intended change to an answer,
then review the diff before committing.

Options:
  -t, --test-name-pattern PATTERN
                  only tests whose name matches PATTERN (a regular expression)
  -h, --help      this text

Exit status:
  0  the golden files are written, and their tests passed
  1  a golden test failed; it said why
  2  a usage error`,
  options: { "test-name-pattern": { type: "string", short: "t" } },
  positionals: false,
} as const;

const read = readCommandLine(process.argv.slice(2), COMMAND, CONSOLE);
if (read.exit !== undefined) process.exit(read.exit);
const pattern = read.values["test-name-pattern"];

process.exit(
  runSteps(COMMAND.name, [
    {
      command: [
        "bun",
        "test",
        "--timeout",
        "20000",
        "tests/golden",
        // A route's own golden files are beside its tests.
        "tests/routes",
        ...(pattern === undefined ? [] : ["--test-name-pattern", pattern]),
      ],
      env: { UPDATE_GOLDEN: "1" },
    },
  ]),
);
