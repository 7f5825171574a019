/**
 * @module The live source every app the bench starts reads, measured or not: a stand-in
 * GitHub on loopback that answers a push, then 304s, and asks to be read every second
 * (docs/performance.md). Nothing the bench starts reads GitHub itself.
 */
import { EVENTS, startGithub } from "../tests/support/github.ts";

export interface LiveSource {
  /** The variables that point an app at the stand-in, whoever its content links. */
  readonly env: Record<string, string>;
  stop(): void;
}

export function startLiveSource(): LiveSource {
  const github = startGithub({
    kind: "events",
    events: [EVENTS.push(new Date().toISOString())],
    headers: { "x-poll-interval": "1" },
  });
  return {
    env: { GITHUB_API_URL: github.url, GITHUB_LOGIN: "bench-owner", LIVE_REFRESH_SECONDS: "1" },
    stop: () => github.stop(),
  };
}
