/**
 * @module Resident memory and start-up as a deployed machine has them: a fresh copy of
 * the executable, dropped from the page cache as an image booting from disk has it, started;
 * the time from exec to its first 200; then every representation asked for once (each
 * path for each client class, in each content coding, with the text switches), two idle
 * seconds, and `VmRSS` and `RssAnon` read from `/proc/<pid>/status`: what the kernel
 * counts, the lazily built parts included; and the same resident set by what its pages
 * hold (`resident-parts.ts`).
 *
 *   bun run bench/memory.ts EXECUTABLE...   each one, in turns, over 5 starts
 *   bun run bench/memory.ts --runs 9 A B    over 9
 *
 * `bun run bench` holds the shipped executable to its targets with it; run alone, it
 * compares builds (one built from another checkout, say) in the same run.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { DOCS_PATH, DOCS_UI_SCRIPT_PATH, OPENAPI_PATH } from "../lib/docs/paths.ts";
import { TEXT_SWITCHES } from "../lib/profile/text-switches.ts";
import { type Resident, type ServerProcess, startServerProcess } from "../scripts/loopback.ts";
import { serverGetPaths } from "../scripts/served-paths.ts";
import { CLIENTS, median, UA } from "./cases.ts";
import { compareBuilds } from "./compare-builds.ts";
import { evictFromPageCache } from "./page-cache.ts";
import {
  medianParts,
  RESIDENT_PARTS,
  type ResidentPart,
  type ResidentParts,
  residentParts,
} from "./resident-parts.ts";

export interface Memory {
  /** Exec to the first 200 from `/api/ping`, from a cold copy, in ms. */
  readonly firstMs: number;
  /** At that first 200. */
  readonly atFirst: Resident;
  /** After every representation, and two idle seconds: the figure the targets hold. */
  readonly settled: Resident;
  /** The same moment's resident set by what its pages hold. */
  readonly settledParts: ResidentParts;
  /**
   * Whether every start's copy was dropped from the page cache; false where GNU dd is
   * missing, and then `VmRSS` counts the cached file's blocks too.
   */
  readonly fromDisk: boolean;
}

/** Each class of client, and curl asking for JSON. */
const ASKING = [...Object.values(CLIENTS), { "user-agent": UA.curl, accept: "application/json" }];
const CODINGS = ["identity", "br", "zstd", "gzip"];
/** Each text switch as its table's example types it, but the one-liners' (asked at the root). */
const SWITCHES = TEXT_SWITCHES.flatMap((textSwitch) =>
  "atRoot" in textSwitch ? [] : [`?${textSwitch.example}`],
);

/** What the docs add to the API's representations: the page, the document, the UI's script. */
export const DOCS_PATHS = [DOCS_PATH, OPENAPI_PATH, DOCS_UI_SCRIPT_PATH];

/**
 * Every GET route as a person tries it at this server (its owner, its origin: the port is
 * each start's own unless `SITE_URL` is set, and WebFinger's question names it), and `extra`.
 */
function pathsOf(server: ServerProcess, extra: readonly string[]): string[] {
  return [...new Set([...serverGetPaths(server.env), ...extra])];
}

/**
 * Asks `url` for every representation once: each path, client class and coding, and the
 * text switches of every path that answers a terminal with text.
 */
async function everyRepresentation(url: string, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    for (const client of ASKING) {
      for (const coding of CODINGS) {
        await (
          await fetch(`${url}${path}`, {
            headers: { ...client, "accept-encoding": coding },
            decompress: false,
          })
        ).arrayBuffer();
      }
    }
    const text = await fetch(`${url}${path}`, { headers: CLIENTS.curl });
    await text.arrayBuffer();
    if (!text.headers.get("content-type")?.startsWith("text/plain")) continue;
    for (const query of SWITCHES) {
      await (await fetch(`${url}${path}${query}`, { headers: CLIENTS.curl })).arrayBuffer();
    }
  }
}

/**
 * Starts a fresh copy of `executable` `runs` times; the median of each figure.
 * `extraPaths` adds paths no route file serves (the docs page and its script).
 */
export async function measureMemory(
  executable: string,
  options: {
    runs: number;
    extraPaths?: readonly string[];
    env?: Record<string, string>;
  },
): Promise<Memory> {
  const samples: Memory[] = [];
  for (let run = 0; run < options.runs; run++) {
    const dir = mkdtempSync(join(tmpdir(), "bench-memory-"));
    const copy = join(dir, basename(executable));
    copyFileSync(executable, copy);
    const fromDisk = evictFromPageCache(copy);
    const server = await startServerProcess([copy], { pollMs: 1, cwd: dir, env: options.env });
    try {
      const atFirst = server.resident();
      await everyRepresentation(server.url, pathsOf(server, options.extraPaths ?? []));
      await Bun.sleep(2000);
      samples.push({
        firstMs: server.startMs,
        atFirst,
        settled: server.resident(),
        settledParts: residentParts(server.child.pid as number, copy),
        fromDisk,
      });
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const resident = (of: (sample: Memory) => Resident): Resident => ({
    vmRssMb: median(samples.map((sample) => of(sample).vmRssMb)),
    rssAnonMb: median(samples.map((sample) => of(sample).rssAnonMb)),
  });
  return {
    firstMs: median(samples.map(({ firstMs }) => firstMs)),
    atFirst: resident(({ atFirst }) => atFirst),
    settled: resident(({ settled }) => settled),
    settledParts: medianParts(samples.map(({ settledParts }) => settledParts)),
    fromDisk: samples.every(({ fromDisk }) => fromDisk),
  };
}

/** Starts of each executable without `--runs`. */
const DEFAULT_RUNS = 5;

if (import.meta.main) {
  const { runs, measured } = await compareBuilds({
    name: "bun run bench/memory.ts",
    what: `Starts a fresh copy of each executable, dropped from the page cache, in turns;
asks for every representation, waits two idle seconds, and prints the medians:
exec to the first 200, and VmRSS / RssAnon at it, after every API
representation, and with the docs too; and where the resident set is after
every API representation, by what its pages hold (bench/resident-parts.ts).`,
    defaultRuns: DEFAULT_RUNS,
    measure: async (executable, env) => ({
      api: await measureMemory(executable, { runs: 1, env }),
      withDocs: await measureMemory(executable, { runs: 1, extraPaths: DOCS_PATHS, env }),
    }),
  });
  const mb = (samples: Memory[], of: (sample: Memory) => number) => median(samples.map(of)).toFixed(1);
  console.log(`median of ${runs} starts; VmRSS / RssAnon in MB`);
  for (const [executable, of] of measured) {
    const api = of.map((sample) => sample.api);
    const withDocs = of.map((sample) => sample.withDocs);
    const warm = [...api, ...withDocs].some(({ fromDisk }) => !fromDisk) ? " (page cache not dropped)" : "";
    console.log(
      `${executable}: first 200 ${mb(api, (m) => m.firstMs)} ms, ` +
        `at it ${mb(api, (m) => m.atFirst.vmRssMb)} / ${mb(api, (m) => m.atFirst.rssAnonMb)}, ` +
        `after every API representation ${mb(api, (m) => m.settled.vmRssMb)} / ${mb(api, (m) => m.settled.rssAnonMb)}, ` +
        `with the docs ${mb(withDocs, (m) => m.settled.vmRssMb)} / ${mb(withDocs, (m) => m.settled.rssAnonMb)}${warm}`,
    );
    const parts = medianParts(api.map(({ settledParts }) => settledParts));
    const named = (Object.keys(RESIDENT_PARTS) as ResidentPart[]).map(
      (part) => `${RESIDENT_PARTS[part]} ${parts[part].toFixed(1)}`,
    );
    console.log(`  after every API representation, by part: ${named.join(", ")}`);
  }
}
