/**
 * Preloaded before every test file (bunfig.toml): nothing a test starts reads GitHub,
 * Last.fm or Bluesky. The fixture owner `rin` links a GitHub account, so a server started from her
 * content reads its activity in the background; a server a test starts as a process
 * inherits this `GITHUB_API_URL`, a loopback port where nothing listens, unless the test
 * points it at a stand-in (`tests/support/github.ts`), and this `LASTFM_API_URL`, should
 * the environment hold a Last.fm key (`tests/support/lastfm.ts`). In-process apps
 * (`testApp()`) read nothing at all: their live feed is never started.
 */

/** Port 1 on loopback: nothing listens there, so a read is refused at once. */
export const NO_GITHUB = "http://127.0.0.1:1";

/** The same port, for Last.fm: read only with a key, which a developer may have in their environment. */
export const NO_LASTFM = "http://127.0.0.1:1/2.0/";

/**
 * The same port, for Bluesky's AppView: the replies to the posts a history records are
 * read there. The fixture owners' histories record none; Mastodon's replies are read where
 * a post is, which only a test's own history names (a stand-in, `tests/support/mastodon.ts`).
 */
export const NO_BLUESKY = "http://127.0.0.1:1";

process.env.GITHUB_API_URL = NO_GITHUB;
process.env.LASTFM_API_URL = NO_LASTFM;
process.env.BLUESKY_APPVIEW = NO_BLUESKY;
