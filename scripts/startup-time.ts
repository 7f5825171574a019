/**
 * Measures start-up: from exec to the first 200 from `GET /api/ping`, median of N runs.
 *
 *   bun run scripts/startup-time.ts [runs] -- COMMAND...   e.g. -- dist/site
 */
import { freePort } from "./loopback.ts";

const separator = process.argv.indexOf("--");
const runs = Number(process.argv[2] === "--" ? 15 : (process.argv[2] ?? 15));
const command = process.argv.slice(separator + 1);
if (separator < 0 || command.length === 0) {
  console.error("usage: bun run scripts/startup-time.ts [runs] -- COMMAND...");
  process.exit(2);
}

async function once(): Promise<number> {
  const port = freePort();
  const started = performance.now();
  const child = Bun.spawn(command, {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_FORMAT: "json" },
    stdout: "ignore",
    stderr: "inherit",
  });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/ping`);
        if (response.status === 200) return performance.now() - started;
      } catch {}
      if (performance.now() - started > 20_000) throw new Error(`${command.join(" ")} did not answer`);
      await Bun.sleep(2);
    }
  } finally {
    child.kill("SIGTERM");
    await child.exited;
  }
}

const times: number[] = [];
for (let i = 0; i < runs; i++) times.push(await once());
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
console.log(
  `${command.join(" ")}: exec → first 200 median ${median.toFixed(1)} ms ` +
    `(min ${times[0]?.toFixed(1)}, max ${times.at(-1)?.toFixed(1)}, ${runs} runs)`,
);
