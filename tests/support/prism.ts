/**
 * Test support: Stoplight's Prism, an independent OpenAPI validator, as a proxy in front
 * of a server. Prism forwards each request, checks the real answer against the document
 * (status, media type, body schema, headers) and reports what breaks it in the
 * `sl-violations` header of the answer it passes on.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../scripts/loopback.ts";

const PRISM = join(
  import.meta.dir,
  "..",
  "..",
  "node_modules",
  "@stoplight",
  "prism-cli",
  "dist",
  "index.js",
);

export interface Violation {
  readonly location: string[];
  readonly severity: "Error" | "Warning" | "Information" | "Hint";
  readonly message: string;
}

export interface Prism {
  readonly url: string;
  /** What Prism found wrong with an answer it passed on; none when it kept to the document. */
  violationsOf(response: Response): Violation[];
  stop(): void;
}

/** Starts Prism proxying to `upstream`, checking against the OpenAPI `document`. */
export async function startPrism(document: unknown, upstream: string): Promise<Prism> {
  const file = join(mkdtempSync(join(tmpdir(), "prism-")), "openapi.json");
  writeFileSync(file, JSON.stringify(document));
  const port = freePort();
  let output = "";
  const child = spawn(
    "node",
    [PRISM, "proxy", file, upstream, "--host", "127.0.0.1", "--port", String(port)],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const prism: Prism = {
    url,
    violationsOf: (response) => JSON.parse(response.headers.get("sl-violations") ?? "[]"),
    stop: () => child.kill(),
  };
  for (let waited = 0; waited < 20_000; waited += 50) {
    if (child.exitCode !== null) break;
    try {
      await fetch(url);
      return prism;
    } catch {}
    await Bun.sleep(50);
  }
  child.kill();
  throw new Error(`Prism did not start:\n${output}`);
}
