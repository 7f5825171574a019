/**
 * @module The latest update of /now posted to each account, once: an account the history
 * says it was posted to is not asked again; one it does not is asked (each service finds
 * a post made before by another run, another machine, as `bluesky.ts` and `mastodon.ts`
 * say). Both accounts are posted to at once, and one failing never stops the other. Each
 * says in one line what happened, its credentials taken out of it; every post made or
 * found is kept with the update, which the history then records.
 */
import type { NowHistory, Posted } from "../content/schemas.ts";
import type { AccountOrSkip, PostingAccounts } from "./accounts.ts";
import { type PostContent, type PostResult, postToBluesky } from "./bluesky.ts";
import { redacted } from "./call.ts";
import { postToMastodon } from "./mastodon.ts";

export interface PostingRun {
  /** The history with what was posted or found kept with the update; the same history when nothing was. */
  readonly history: NowHistory;
  /** One line per account, in the order Bluesky, Mastodon. */
  readonly lines: readonly string[];
  /** Whether the history changed: posts to record. */
  readonly recorded: boolean;
}

/** How an account's line names it. */
const NAMES = { bluesky: "Bluesky", mastodon: "Mastodon" } as const;

type Service = keyof typeof NAMES;

async function onAccount<A>(
  service: Service,
  given: AccountOrSkip<A>,
  recorded: Posted | undefined,
  post: (account: A) => Promise<PostResult>,
  secrets: (account: A) => readonly string[],
): Promise<{ line: string; post?: Posted }> {
  const name = NAMES[service];
  if (recorded) return { line: `${name}: already posted, as the history says: ${recorded.url}` };
  if ("skipped" in given) return { line: `${name}: skipped: ${given.skipped}` };
  try {
    const result = await post(given.account);
    const said = result.kind === "posted" ? "posted" : "already posted";
    return { line: `${name}: ${said}: ${result.post.url}`, post: result.post };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { line: redacted(`${name}: not posted: ${message}`, secrets(given.account)) };
  }
}

/** Posts `history`'s latest update to each account it has not been posted to. */
export async function postLatest(
  history: NowHistory,
  accounts: PostingAccounts,
  contentOf: (update: NowHistory[number]) => PostContent,
): Promise<PostingRun> {
  const [latest, ...rest] = history;
  if (!latest)
    return { history, lines: ["Nothing to post: the history of /now has no update yet"], recorded: false };
  const content = contentOf(latest);
  const recordedOn = (service: Service) => latest.posts?.find((post) => post.service === service);
  const { timeoutMs } = accounts;
  const results = await Promise.all([
    onAccount(
      "bluesky",
      accounts.bluesky,
      recordedOn("bluesky"),
      (account) => postToBluesky(account, content, timeoutMs),
      (account) => [account.password],
    ),
    onAccount(
      "mastodon",
      accounts.mastodon,
      recordedOn("mastodon"),
      (account) => postToMastodon(account, content, timeoutMs),
      (account) => [account.token],
    ),
  ]);
  const found = results.flatMap(({ post }) => (post ? [post] : []));
  if (found.length === 0) return { history, lines: results.map(({ line }) => line), recorded: false };
  const posts = [...(latest.posts ?? []), ...found].sort((a, b) => a.service.localeCompare(b.service));
  return { history: [{ ...latest, posts }, ...rest], lines: results.map(({ line }) => line), recorded: true };
}
