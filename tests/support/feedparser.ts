/**
 * Test support: feedparser (Debian's python3-feedparser), the feed parser behind many a
 * reader, which nobody here wrote, reading a feed as a reader gets it. It is lenient, as
 * readers are: `bozo` says it found the document broken, and the fields say what it made
 * of it, which is what a reader shows. `scripts/install-test-tools.sh` installs it.
 */

export interface ParsedEntry {
  readonly id: string | null;
  readonly title: string | null;
  readonly link: string | null;
  /** ISO 8601 in UTC, as feedparser read the entry's `updated`; null without one. */
  readonly updated: string | null;
  readonly published: string | null;
  readonly content: readonly { readonly type: string; readonly value: string }[];
  /** Every link of the entry, its alternate first. */
  readonly links: readonly {
    readonly rel: string;
    readonly type: string | null;
    readonly href: string;
    readonly title: string | null;
  }[];
}

export interface ParsedFeed {
  /** `atom10` for Atom 1.0; empty when it recognised no feed. */
  readonly version: string;
  /** Whether it found the document broken, and why. */
  readonly bozo: boolean;
  readonly bozoException: string | null;
  readonly feed: {
    readonly id: string | null;
    readonly title: string | null;
    readonly subtitle: string | null;
    readonly updated: string | null;
    readonly author: string | null;
    readonly authorUri: string | null;
    readonly links: readonly { readonly rel: string; readonly type: string | null; readonly href: string }[];
  };
  readonly entries: readonly ParsedEntry[];
}

/** Reads stdin with feedparser, and writes what it made of it as JSON. */
const SCRIPT = `
import calendar, datetime, json, sys
import feedparser

def instant(parsed):
    if not parsed:
        return None
    seconds = calendar.timegm(parsed)
    return datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")

d = feedparser.parse(sys.stdin.buffer.read())
f = d.feed
print(json.dumps({
    "version": d.get("version", ""),
    "bozo": bool(d.bozo),
    "bozoException": str(d.get("bozo_exception")) if d.bozo else None,
    "feed": {
        "id": f.get("id"),
        "title": f.get("title"),
        "subtitle": f.get("subtitle"),
        "updated": instant(f.get("updated_parsed")),
        "author": f.get("author_detail", {}).get("name"),
        "authorUri": f.get("author_detail", {}).get("href"),
        "links": [{"rel": l.get("rel"), "type": l.get("type"), "href": l.get("href")} for l in f.get("links", [])],
    },
    "entries": [{
        "id": e.get("id"),
        "title": e.get("title"),
        "link": e.get("link"),
        "updated": instant(e.get("updated_parsed")),
        "published": instant(e.get("published_parsed")),
        "content": [{"type": c.get("type"), "value": c.get("value")} for c in e.get("content", [])],
        "links": [{"rel": l.get("rel"), "type": l.get("type"), "href": l.get("href"), "title": l.get("title")} for l in e.get("links", [])],
    } for e in d.entries],
}))
`;

/** What feedparser makes of `feed`, a feed's bytes as served. */
export function feedparser(feed: string): ParsedFeed {
  // Debian's Python, where apt put the package: not whichever python3 comes first on PATH.
  const run = Bun.spawnSync(["/usr/bin/python3", "-c", SCRIPT], {
    stdin: new TextEncoder().encode(feed),
    stdout: "pipe",
    stderr: "pipe",
  });
  if (run.exitCode !== 0) throw new Error(`feedparser failed: ${run.stderr.toString()}`);
  return JSON.parse(run.stdout.toString()) as ParsedFeed;
}
