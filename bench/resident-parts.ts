/**
 * @module Where a process's resident set is, by what its pages hold, read from
 * `/proc/<pid>/smaps` (Linux): the pages of its executable's file, split by their
 * permissions, its anonymous memory, and the pages of other files. For a compiled Bun
 * server that reads as Bun's machine code, Bun's read-only data (ICU's tables among it),
 * the writable sections (where `bun build --compile` puts the app's bundle), and memory
 * of its own: what a change of ours can reach, and what only the runtime can.
 */
import { readFileSync, realpathSync } from "node:fs";
import { median } from "./cases.ts";

/** The parts, each with what a table calls it, in the order a table shows them. */
export const RESIDENT_PARTS = {
  /** The executable's machine code: `r-xp` mappings of its file. */
  code: "code",
  /** Its read-only data (ICU's tables, for Bun): `r--p` mappings of its file. */
  readOnly: "read-only data",
  /** Its writable sections (the app's bundle, for a compiled Bun app) as far as not written to: `rw-p` mappings of its file. */
  writable: "writable data",
  /** Memory of the process's own (`RssAnon`): the heap, compiled code, pages written to. */
  anonymous: "anonymous",
  /** Pages of other files: the C library, the dynamic loader. */
  otherFiles: "other files",
} as const;
export type ResidentPart = keyof typeof RESIDENT_PARTS;

/** A resident set in MB, by what its pages hold; the parts add up to `VmRSS`. */
export type ResidentParts = Readonly<Record<ResidentPart, number>>;

/** Which part a mapping of the executable's own file counts in, by its permissions. */
const OWN_FILE_PARTS: Readonly<Record<string, ResidentPart>> = {
  "r-xp": "code",
  "r--p": "readOnly",
  "rw-p": "writable",
};

/** The resident set of process `pid`, whose executable is the file at `executable`. */
export function residentParts(pid: number, executable: string): ResidentParts {
  const file = realpathSync(executable);
  const kb: Record<ResidentPart, number> = { code: 0, readOnly: 0, writable: 0, anonymous: 0, otherFiles: 0 };
  let part: ResidentPart = "otherFiles";
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    // A mapping's header: `start-end perms offset dev inode path`; its fields follow it.
    const header = /^[0-9a-f]+-[0-9a-f]+ (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const [, perms = "", path = ""] = header;
      part = (path === file && OWN_FILE_PARTS[perms]) || "otherFiles";
      continue;
    }
    const field = /^(Rss|Anonymous):\s+(\d+) kB/.exec(line);
    if (!field) continue;
    const size = Number(field[2]);
    // A mapping's `Rss` counts its anonymous pages too: a private file page written to is one.
    if (field[1] === "Anonymous") {
      kb.anonymous += size;
      kb[part] -= size;
    } else kb[part] += size;
  }
  return partsFrom((part) => kb[part] / 1024);
}

/** Parts, each one's figure from `of`. */
function partsFrom(of: (part: ResidentPart) => number): ResidentParts {
  return {
    code: of("code"),
    readOnly: of("readOnly"),
    writable: of("writable"),
    anonymous: of("anonymous"),
    otherFiles: of("otherFiles"),
  };
}

/** Each part's median over `samples`. */
export function medianParts(samples: readonly ResidentParts[]): ResidentParts {
  return partsFrom((part) => median(samples.map((sample) => sample[part])));
}
