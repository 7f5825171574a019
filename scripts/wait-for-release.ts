/**
 * Waits until the site answers `GET /api/ping` with the given commit in its version:
 * the new release, not the old machine still draining. Exit 1 after the timeout.
 *
 *   bun run release:wait https://site.example 0123abcd... [timeoutSeconds=180]
 */
export {};

const [siteUrl, commit, timeout = "180"] = process.argv.slice(2);
if (!siteUrl || !commit || !/^[0-9a-f]{7,40}$/.test(commit)) {
  console.error("usage: bun run release:wait SITE_URL COMMIT [timeoutSeconds]");
  process.exit(2);
}

const short = commit.slice(0, 12);
const deadline = Date.now() + Number(timeout) * 1000;
let last = "no answer yet";
for (;;) {
  try {
    const response = await fetch(`${siteUrl.replace(/\/+$/, "")}/api/ping`, {
      headers: { "user-agent": "release-wait", accept: "application/json" },
      signal: AbortSignal.timeout(5000),
    });
    const { version } = (await response.json()) as { version?: string };
    if (response.status === 200 && version?.endsWith(`+${short}`)) {
      console.log(`${siteUrl} answers with ${version}`);
      process.exit(0);
    }
    last = `${response.status} ${version ?? "without a version"}`;
  } catch (error) {
    last = String(error);
  }
  if (Date.now() > deadline) {
    console.error(`${siteUrl} still not on ${short} after ${timeout} s (last: ${last})`);
    process.exit(1);
  }
  await Bun.sleep(Number(process.env.RELEASE_WAIT_POLL_MS ?? 2000));
}
