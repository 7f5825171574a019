/**
 * Preloaded before every test file (bunfig.toml): nothing a test starts reads GitHub. The
 * fixture owner `rin` links a GitHub account, so a server started from her content reads
 * its activity in the background; a server a test starts as a process inherits this
 * `GITHUB_API_URL`, a loopback port where nothing listens, unless the test points it at a
 * stand-in (`tests/support/github.ts`). In-process apps (`testApp()`) read nothing at all:
 * their live feed is never started.
 */

/** Port 1 on loopback: nothing listens there, so a read is refused at once. */
export const NO_GITHUB = "http://127.0.0.1:1";

process.env.GITHUB_API_URL = NO_GITHUB;
