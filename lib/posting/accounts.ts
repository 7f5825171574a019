/**
 * @module The accounts updates are posted to, from the environment of the command that
 * posts (`bun run post`, `bun run now … --post`; in the release pipeline, its secrets):
 * Bluesky from `BLUESKY_HANDLE` and `BLUESKY_APP_PASSWORD` on `BLUESKY_SERVICE`, Mastodon
 * from `MASTODON_URL` and `MASTODON_TOKEN`. An account whose variables are unset is
 * skipped, and so is one whose variables are wrong, each with the line that says why;
 * what a variable holds that is a secret is never repeated.
 */
import { apiRoot, ConfigError, type Env, valueIn, wholeNumber } from "../runtime/env.ts";
import type { BlueskyAccount } from "./bluesky.ts";
import type { MastodonAccount } from "./mastodon.ts";

export const DEFAULT_BLUESKY_SERVICE = "https://bsky.social";
export const DEFAULT_POST_TIMEOUT_MS = 10_000;

/** An account to post to, or why there is none. */
export type AccountOrSkip<A> = { readonly account: A } | { readonly skipped: string };

export interface PostingAccounts {
  readonly bluesky: AccountOrSkip<BlueskyAccount>;
  readonly mastodon: AccountOrSkip<MastodonAccount>;
  /** Each call's whole budget: `POST_TIMEOUT_MS`. */
  readonly timeoutMs: number;
}

/** The variables each service needs, and what they are for, for `--help` and the skip lines. */
export const POSTING_VARIABLES = {
  bluesky: ["BLUESKY_HANDLE", "BLUESKY_APP_PASSWORD"],
  mastodon: ["MASTODON_URL", "MASTODON_TOKEN"],
} as const;

/** A secret given: one word of printable ASCII, never quoted back. */
function secret(env: Env, variable: string): string | undefined {
  const raw = valueIn(env, variable);
  if (raw !== undefined && !/^[\x21-\x7e]{1,512}$/.test(raw)) {
    throw new ConfigError(variable, `must be one word of printable ASCII (got ${raw.length} characters)`);
  }
  return raw;
}

/** Both variables, or neither (`undefined`); one without the other is refused, naming the missing one. */
function pair([first, second]: readonly [string, string], read: (variable: string) => string | undefined) {
  const a = read(first);
  const b = read(second);
  if (a === undefined && b === undefined) return undefined;
  if (a === undefined) throw new ConfigError(first, `is not set, and ${second} is: set both, or neither`);
  if (b === undefined) throw new ConfigError(second, `is not set, and ${first} is: set both, or neither`);
  return [a, b] as const;
}

function accountOf<A>(variables: readonly [string, string], make: () => A | undefined): AccountOrSkip<A> {
  try {
    const account = make();
    return account ? { account } : { skipped: `${variables.join(" and ")} are not set` };
  } catch (error) {
    if (error instanceof ConfigError) return { skipped: error.message };
    throw error;
  }
}

export function postingAccounts(env: Env): PostingAccounts {
  return {
    bluesky: accountOf(POSTING_VARIABLES.bluesky, () => {
      const given = pair(POSTING_VARIABLES.bluesky, (variable) =>
        variable === "BLUESKY_HANDLE" ? valueIn(env, variable) : secret(env, variable),
      );
      if (!given) return undefined;
      const [handle, password] = given;
      if (!/^@?([a-z0-9-]+\.)+[a-z0-9-]+$/i.test(handle)) {
        throw new ConfigError(
          "BLUESKY_HANDLE",
          `must be a handle like ada.bsky.social, got "${handle.slice(0, 64)}"`,
        );
      }
      const service = apiRoot(env, "BLUESKY_SERVICE", DEFAULT_BLUESKY_SERVICE).href.replace(/\/+$/, "");
      return { service, handle: handle.replace(/^@/, ""), password };
    }),
    mastodon: accountOf(POSTING_VARIABLES.mastodon, () => {
      const given = pair(POSTING_VARIABLES.mastodon, (variable) =>
        variable === "MASTODON_URL" ? valueIn(env, variable) : secret(env, variable),
      );
      if (!given) return undefined;
      return { url: apiRoot(env, "MASTODON_URL", "https://mastodon.example").origin, token: given[1] };
    }),
    timeoutMs: wholeNumber(env, "POST_TIMEOUT_MS", DEFAULT_POST_TIMEOUT_MS, 50, 120_000),
  };
}
