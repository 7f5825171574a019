/**
 * The clients people use, asking for a compressed answer: each one names the coding it
 * got and decodes it to the bytes the same client gets when it asks for none. curl,
 * Wget, HTTPie and python-requests are Debian's (scripts/install-test-tools.sh).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { runCommand } from "../support/run.ts";
import { startServer, type TestServer } from "../support/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

/** The OpenAPI document: the largest answer, about a hundred kilobytes. */
const PATH = "/api/docs/json";

interface Fetched {
  /** The Content-Encoding the client was sent, as it reports it; "" for none. */
  readonly coding: string;
  readonly body: string;
}

/** Runs a client; its stdout is the decoded body, its stderr (or first line) the coding. */
async function run(command: string[]): Promise<{ out: string; err: string }> {
  const { code, stdout, stderr } = await runCommand(command);
  if (code !== 0) throw new Error(`${command[0]} exited with ${code}: ${stderr}`);
  return { out: stdout, err: stderr };
}

/** Each client: fetch with or without compression, report the coding and the decoded body. */
const CLIENTS: Record<string, (url: string, compressed: boolean) => Promise<Fetched>> = {
  async curl(url, compressed) {
    const headers = `${Bun.env.TMPDIR ?? "/tmp"}/curl-headers-${crypto.randomUUID()}`;
    const { out } = await run(["curl", "-sS", "-D", headers, ...(compressed ? ["--compressed"] : []), url]);
    const head = await Bun.file(headers).text();
    return { coding: head.match(/^content-encoding: *(\S+)/im)?.[1] ?? "", body: out };
  },
  async wget(url, compressed) {
    const { out, err } = await run([
      "wget",
      "-q",
      "-S",
      "-O",
      "-",
      `--compression=${compressed ? "auto" : "none"}`,
      url,
    ]);
    return { coding: err.match(/content-encoding: *(\S+)/i)?.[1] ?? "", body: out };
  },
  async httpie(url, compressed) {
    const { out } = await run([
      "http",
      "--ignore-stdin",
      "--pretty=none",
      "--print=hb",
      "GET",
      url,
      ...(compressed ? [] : ["Accept-Encoding:identity"]),
    ]);
    const [head, body] = splitOnce(out);
    return { coding: head.match(/^content-encoding: *(\S+)/im)?.[1] ?? "", body };
  },
  async pythonRequests(url, compressed) {
    const script = [
      "import sys, requests",
      `r = requests.get(sys.argv[1]${compressed ? "" : ", headers={'Accept-Encoding': 'identity'}"})`,
      "sys.stderr.write(r.headers.get('content-encoding', ''))",
      "sys.stdout.write(r.text)",
    ].join("\n");
    const { out, err } = await run(["/usr/bin/python3", "-c", script, url]);
    return { coding: err.trim(), body: out };
  },
};

/** HTTPie prints the head, a blank line, then the body. */
function splitOnce(text: string): [string, string] {
  const at = text.search(/\r?\n\r?\n/);
  if (at < 0) return [text, ""];
  const gap = text.slice(at).startsWith("\r\n\r\n") ? 4 : 2;
  return [text.slice(0, at), text.slice(at + gap)];
}

test.each(Object.keys(CLIENTS))(
  "%s gets the OpenAPI document compressed and decodes it to the same bytes",
  async (name) => {
    const fetch = CLIENTS[name] as (typeof CLIENTS)[string];
    const url = `${server.url}${PATH}`;
    const plain = await fetch(url, false);
    const compressed = await fetch(url, true);
    expect(plain.coding).toBe("");
    expect(["br", "zstd", "gzip"]).toContain(compressed.coding);
    expect(compressed.body.trimEnd()).toBe(plain.body.trimEnd());
    expect(plain.body.length).toBeGreaterThan(10_000);
  },
);
