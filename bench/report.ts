/**
 * @module What a bench run found, against the targets it is held to: printed after a run,
 * and written as docs/benchmark.md, the one place the project's measured figures live.
 */
import type { Memory } from "./memory.ts";
import type { OpenDoorsResult } from "./open-doors.ts";
import { type PreviewImageResult, previewImageLine } from "./preview-image.ts";
import { RESIDENT_PARTS, type ResidentPart } from "./resident-parts.ts";
import type { WireRow } from "./wire-bytes.ts";

/** The floors a run is held to (docs/performance.md says why each). */
export const TARGETS = {
  /** Every GET case, app req/s over bare req/s: at least this. */
  ratioFloor: 0.8,
  /** p99 latency, app over bare: at most this. */
  p99Ceiling: 1.5,
  /** The executable, exec → first 200 from `/api/ping`: at most this many times a bare compiled `Bun.serve`'s. */
  startOverBare: 10,
  /** `RssAnon`, the process's own memory rather than its file's, after every representation and two idle seconds, from a cold copy: at most this… */
  rssAnonMb: 24,
  /** …and `VmRSS` at most this over the reference that does the built-ins' work the API asks of Bun. */
  vmRssOverBuiltInsMb: 30,
  /** The first preview image, from a cold start, request to answer: at most this many ms. */
  firstDrawMs: 1000,
} as const;

export interface CaseRow {
  readonly name: string;
  readonly appRps: number;
  readonly bareRps: number;
  /** Median over the rounds of app/bare in each round. */
  readonly ratio: number;
  readonly lowestRound: number;
  readonly appP99Ms: number;
  readonly bareP99Ms: number;
  readonly errors: number;
}

export interface BenchResult {
  readonly date: string;
  readonly machine: { cpus: number; model: string; bun: string; generator: string; pinning: string };
  readonly method: {
    rounds: number;
    latencyRuns: number;
    turns: { seconds: number; turnMs: number };
    connections: number;
    starts: number;
    memoryStarts: number;
  };
  readonly rows: readonly CaseRow[];
  /** Body bytes per case, as is and in each content coding. */
  readonly wire: readonly WireRow[];
  /** Two copies of the bare server measured the same way: how far a ratio can be trusted. */
  readonly control: { ratio: number; p99Ratio: number };
  /** Exec → first 200, warm: the executable, and a bare compiled `Bun.serve` (`bench/reference/`). */
  readonly start: { executableMs: number; bareMs: number };
  /**
   * After every representation of the API, and with the docs (page, document, UI script)
   * too; and the reference servers asked the same: the runtime's floor, and the floor of
   * the built-ins the API uses.
   */
  readonly memory: { api: Memory; withDocs: Memory; bare: Memory; builtIns: Memory };
  /**
   * Live views held open beside the load: resident memory before and with them, what one
   * holds, and one case of each representation measured again meanwhile.
   */
  readonly viewsOpen: {
    views: number;
    resident: { beforeMb: number; openMb: number };
    perViewKib: number;
    rows: readonly CaseRow[];
  };
  readonly longRun: { after100k: number; afterMillion: number; requests: number } | undefined;
  /** The SSH door: memory per session, and HTTP beside every slot taken (`bench/open-doors.ts`). */
  readonly doors: OpenDoorsResult;
  /** The preview image: its first drawing, the memory after it, the cached image under load (`bench/preview-image.ts`). */
  readonly preview: PreviewImageResult;
  readonly minutes: number;
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "-");
/**
 * Every ratio, to three digits: the targets are given to two, and a ratio just short of
 * one (0.849 against 0.85) must not print as meeting it.
 */
const ratio = (n: number) => fmt(n, 3);

/** A Markdown table with its columns padded to one width, as it reads in a terminal; `right` aligns a column right. */
function table(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  right: readonly boolean[] = [],
): string[] {
  const widths = header.map((cell, i) =>
    Math.max(3, cell.length, ...rows.map((row) => (row[i] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => (right[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join(" | ")} |`;
  const rule = widths.map((width, i) => (right[i] ? `${"-".repeat(width - 1)}:` : "-".repeat(width)));
  return [line(header), line(rule), ...rows.map(line)];
}
const check = (ok: boolean) => (ok ? "met" : "**not met**");

function verdicts(result: BenchResult) {
  const ratios = result.rows.map((r) => r.ratio);
  const p99s = result.rows.map((r) => r.appP99Ms / r.bareP99Ms);
  const { start, memory, viewsOpen } = result;
  const { settled, atFirst, fromDisk } = memory.api;
  const withViews = viewsOpen.rows.map((r) => r.ratio);
  const withViewsP99 = viewsOpen.rows.map((r) => r.appP99Ms / r.bareP99Ms);
  const vmRssCeiling = memory.builtIns.settled.vmRssMb + TARGETS.vmRssOverBuiltInsMb;
  return [
    {
      target: `every GET case ≥ ${TARGETS.ratioFloor} of bare`,
      found: `${ratio(Math.min(...ratios))} to ${ratio(Math.max(...ratios))} over ${ratios.length} cases`,
      ok: Math.min(...ratios) >= TARGETS.ratioFloor,
    },
    {
      target: `p99 ≤ ${TARGETS.p99Ceiling}× bare`,
      found: `${ratio(Math.min(...p99s))}× to ${ratio(Math.max(...p99s))}×`,
      ok: Math.max(...p99s) <= TARGETS.p99Ceiling,
    },
    {
      target: `with ${viewsOpen.views} live views open, ≥ ${TARGETS.ratioFloor} of bare`,
      found: `${ratio(Math.min(...withViews))} to ${ratio(Math.max(...withViews))} over ${withViews.length} cases`,
      ok: Math.min(...withViews) >= TARGETS.ratioFloor,
    },
    {
      target: `with ${viewsOpen.views} live views open, p99 ≤ ${TARGETS.p99Ceiling}× bare`,
      found: `${ratio(Math.min(...withViewsP99))}× to ${ratio(Math.max(...withViewsP99))}×`,
      ok: Math.max(...withViewsP99) <= TARGETS.p99Ceiling,
    },
    {
      target: `executable, exec → first 200 ≤ ${TARGETS.startOverBare}× a bare compiled Bun.serve`,
      found: `${fmt(start.executableMs, 1)} ms, ${ratio(start.executableMs / start.bareMs)}× (bare ${fmt(start.bareMs, 1)} ms; a cold copy ${fmt(memory.api.firstMs, 1)} ms)`,
      ok: start.executableMs <= TARGETS.startOverBare * start.bareMs,
    },
    {
      target: `RssAnon ≤ ${TARGETS.rssAnonMb} MB after every API representation`,
      found: `${fmt(settled.rssAnonMb, 1)} MB (${fmt(atFirst.rssAnonMb, 1)} MB at the first 200)`,
      ok: settled.rssAnonMb <= TARGETS.rssAnonMb,
    },
    {
      target: `VmRSS ≤ the built-ins' + ${TARGETS.vmRssOverBuiltInsMb} MB after every API representation`,
      found: `${fmt(settled.vmRssMb, 1)} MB, ceiling ${fmt(vmRssCeiling, 1)} MB (${fmt(atFirst.vmRssMb, 1)} MB at the first 200${fromDisk ? "" : "; page cache not dropped"})`,
      ok: settled.vmRssMb <= vmRssCeiling,
    },
    {
      target: `the first preview image ≤ ${TARGETS.firstDrawMs} ms; cached, ≥ ${TARGETS.ratioFloor} of bare`,
      found: `${fmt(result.preview.firstDrawMs)} ms (${fmt(result.preview.firstDrawCpuMs)} ms of CPU); ${ratio(result.preview.ratio)}`,
      ok: result.preview.firstDrawMs <= TARGETS.firstDrawMs && result.preview.ratio >= TARGETS.ratioFloor,
    },
    {
      target: `with ${result.doors.sessions} SSH sessions open: ≥ ${TARGETS.ratioFloor} of bare, p99 ≤ ${TARGETS.p99Ceiling}× bare`,
      found: `${ratio(result.doors.ratio)}, p99 ${ratio(result.doors.appP99Ms / result.doors.bareP99Ms)}×`,
      ok:
        result.doors.ratio >= TARGETS.ratioFloor &&
        result.doors.appP99Ms / result.doors.bareP99Ms <= TARGETS.p99Ceiling,
    },
  ];
}

function caseTable(rows: readonly CaseRow[]): string[] {
  return table(
    ["case", "app req/s", "bare req/s", "ratio", "lowest round", "app p99 ms", "bare p99 ms", "p99 × bare"],
    rows.map((r) => [
      r.name,
      fmt(r.appRps),
      fmt(r.bareRps),
      ratio(r.ratio),
      ratio(r.lowestRound),
      fmt(r.appP99Ms, 2),
      fmt(r.bareP99Ms, 2),
      ratio(r.appP99Ms / r.bareP99Ms),
    ]),
    [false, true, true, true, true, true, true, true],
  );
}

/** The cases measured with the views open, beside the same cases' figures without them. */
function viewsOpenTable({ rows, viewsOpen }: BenchResult): string[] {
  const without = new Map(rows.map((row) => [row.name, row]));
  const p99Over = (row: CaseRow | undefined) => (row ? ratio(row.appP99Ms / row.bareP99Ms) : "-");
  return table(
    [
      "case",
      "ratio, none open",
      `ratio, ${viewsOpen.views} open`,
      "p99 × bare, none open",
      `p99 × bare, ${viewsOpen.views} open`,
    ],
    viewsOpen.rows.map((r) => [
      r.name,
      without.has(r.name) ? ratio(without.get(r.name)?.ratio ?? Number.NaN) : "-",
      ratio(r.ratio),
      p99Over(without.get(r.name)),
      p99Over(r),
    ]),
    [false, true, true, true, true],
  );
}

function wireTable(rows: readonly WireRow[]): string[] {
  const kb = (bytes: number) => fmt(bytes / 1024, 1);
  const share = (bytes: number, of: number) => `${kb(bytes)} (${fmt((bytes / of) * 100)}%)`;
  return table(
    ["case", "identity KiB", "br KiB", "zstd KiB", "gzip KiB"],
    rows.map((r) => [
      r.name,
      kb(r.identity),
      share(r.encoded.br, r.identity),
      share(r.encoded.zstd, r.identity),
      share(r.encoded.gzip, r.identity),
    ]),
    [false, true, true, true, true],
  );
}

/**
 * Where each server's resident set is after every representation, by what its pages hold
 * (`bench/resident-parts.ts`): the runtime's floors, the app, and the app's figures less
 * the built-ins' floor, which is what the app's own code and packages hold.
 */
function residentTable({ api, withDocs, bare, builtIns }: BenchResult["memory"]): string[] {
  const parts = Object.keys(RESIDENT_PARTS) as ResidentPart[];
  const row = (name: string, memory: Memory) => [
    name,
    ...parts.map((part) => fmt(memory.settledParts[part], 1)),
    fmt(memory.settled.vmRssMb, 1),
  ];
  const over = (value: number, floor: number) =>
    `${value >= floor ? "+" : "−"}${fmt(Math.abs(value - floor), 1)}`;
  return table(
    ["server (MB)", ...parts.map((part) => RESIDENT_PARTS[part]), "VmRSS"],
    [
      row("a bare compiled Bun.serve", bare),
      row("Bun's built-ins the API uses", builtIns),
      row("the app, every API representation", api),
      row("the app, the docs' too", withDocs),
      [
        "the app over the built-ins",
        ...parts.map((part) => over(api.settledParts[part], builtIns.settledParts[part])),
        over(api.settled.vmRssMb, builtIns.settled.vmRssMb),
      ],
    ],
    [false, ...parts.map(() => true), true],
  );
}

/** The run as printed to the terminal, and as docs/benchmark.md. */
export function renderReport(result: BenchResult): { summary: string; markdown: string } {
  const { machine, method, control, longRun, memory, viewsOpen } = result;
  const views = [
    `${viewsOpen.views} live views open (\`GET /live\` as curl, each drawn every second and read as fast): VmRSS ${fmt(viewsOpen.resident.beforeMb, 1)} MB before, ` +
      `${fmt(viewsOpen.resident.openMb, 1)} MB with them open, ${fmt(viewsOpen.perViewKib, 1)} KiB a view. One case of each representation, measured again meanwhile:`,
    "",
    ...viewsOpenTable(result),
  ];
  const residentParts = [
    "Where the resident set is after every representation and two idle seconds, beside the runtime's floors asked the same: a bare",
    "compiled Bun.serve, and one doing for every request the work the API asks of Bun's built-ins (time zones, language names, three",
    "codings, SHA-256). From /proc/PID/smaps: the pages of the executable's file (its code; its read-only data, ICU's tables among them;",
    "its writable data, the app's bundle among it), anonymous memory (RssAnon), and other files. Medians, each part's its own.",
    "",
    ...residentTable(memory),
  ];
  const targets = verdicts(result);
  const errors = [...result.rows, ...viewsOpen.rows].reduce((sum, r) => sum + r.errors, 0);
  const notes = [
    `Control: two copies of the bare server, measured the same way, came out at ${ratio(control.ratio)} of each other, and ${ratio(control.p99Ratio)}× in p99.`,
    `Errors (non-2xx/3xx answers or socket errors): ${errors}.`,
    `SSH door: ${result.doors.sessions} sessions open on the live view took ${fmt(result.doors.openRssMb - result.doors.idleRssMb, 1)} MB ` +
      `(${fmt(result.doors.perSessionKb)} KB each, VmRSS ${fmt(result.doors.idleRssMb, 1)} → ${fmt(result.doors.openRssMb, 1)} MB); ` +
      `beside them, HTTP at ${ratio(result.doors.ratio)} of bare, p99 ${fmt(result.doors.appP99Ms, 2)} ms against ${fmt(result.doors.bareP99Ms, 2)} ms (${result.rows[0]?.name ?? "the first case"}).`,
    previewImageLine(result.preview),
    ...(longRun
      ? [
          `Resident memory after 100k requests ${fmt(longRun.after100k, 1)} MB, after ${fmt(longRun.requests / 1e6, 2)}M ${fmt(longRun.afterMillion, 1)} MB (${fmt((longRun.afterMillion / longRun.after100k - 1) * 100, 1)}%).`,
        ]
      : []),
  ];
  const targetTable = table(
    ["target", "found", "verdict"],
    targets.map(({ target, found, ok }) => [target, found, check(ok)]),
  );
  const summary = [
    ...caseTable(result.rows),
    "",
    ...wireTable(result.wire),
    "",
    ...targetTable,
    "",
    ...views,
    "",
    ...residentParts,
    "",
    ...notes,
  ].join("\n");
  const markdown = [
    "<!-- Written by `bun run bench`: do not edit by hand. -->",
    "",
    "# Benchmark: the latest run",
    "",
    `Run ${result.date.slice(0, 16).replace("T", " ")} UTC, ${fmt(result.minutes, 1)} minutes, on ${machine.cpus} × ${machine.model}, Bun ${machine.bun}; ` +
      `load from ${machine.generator}, ${method.connections} connections; ${machine.pinning}.`,
    `Each case: ${method.rounds} rounds of ${method.turns.seconds} s a side in turns of ${method.turns.turnMs} ms for throughput, ` +
      `${method.latencyRuns} runs of 1 s a side for latency; start-up over ${method.starts} starts, ` +
      `memory over ${method.memoryStarts} starts of a cold copy. ` +
      "How and why: [performance.md](performance.md).",
    "",
    ...targetTable,
    "",
    ...caseTable(result.rows),
    "",
    "Bytes on the wire: each case's body as is, and in each content coding (share of as is).",
    "Bodies up to 1 KiB are sent as is whatever the client accepts; a route that answers a random pick",
    "has columns that compare different picks.",
    "",
    ...wireTable(result.wire),
    "",
    ...views,
    "",
    ...residentParts,
    "",
    ...notes,
    "",
  ].join("\n");
  return { summary, markdown };
}
