/**
 * @module An update posted to Mastodon (docs.joinmastodon.org/methods/statuses/#create):
 * `POST /api/v1/statuses` with the account's token, within the server's character limit
 * (`GET /api/v2/instance`), and an `Idempotency-Key` made from the update, which makes a
 * retry within the hour Mastodon keeps it answer the first status. Beyond that hour (a
 * rerun the next day, another machine), the account's own latest statuses are searched
 * first for the update's link, which no other status holds. Mastodon draws the link's card
 * itself, from the page.
 */
import type { Posted } from "../content/schemas.ts";
import type { PostContent, PostResult } from "./bluesky.ts";
import { callJson, PostingError } from "./call.ts";
import { mastodonText } from "./post-text.ts";
import { recordKey } from "./record-key.ts";

export interface MastodonAccount {
  /** The server's origin: `MASTODON_URL`. */
  readonly url: string;
  readonly token: string;
}

/** How many of the account's latest statuses are searched for the update's link: the most one page gives. */
const SEARCHED = 40;

/** A status as far as it is read here. */
function postOf(status: unknown): Posted | undefined {
  const { id, url, uri } = (status ?? {}) as { id?: unknown; url?: unknown; uri?: unknown };
  const page = typeof url === "string" ? url : typeof uri === "string" ? uri : undefined;
  if (typeof id !== "string" || !/^[A-Za-z0-9]{1,64}$/.test(id) || !page || !/^https?:\/\/\S+$/.test(page))
    return undefined;
  return { service: "mastodon", url: page, id };
}

export async function postToMastodon(
  account: MastodonAccount,
  content: PostContent,
  timeoutMs: number,
): Promise<PostResult> {
  const auth = { authorization: `Bearer ${account.token}` };
  const { body: instance } = await callJson(new Request(`${account.url}/api/v2/instance`), {
    what: "GET /api/v2/instance",
    timeoutMs,
  });
  const limits = (instance as { configuration?: { statuses?: Record<string, unknown> } } | undefined)
    ?.configuration?.statuses;
  const maxCharacters = Number.isSafeInteger(limits?.max_characters)
    ? (limits?.max_characters as number)
    : 500;
  const perUrl = Number.isSafeInteger(limits?.characters_reserved_per_url)
    ? (limits?.characters_reserved_per_url as number)
    : 23;

  const { body: me } = await callJson(
    new Request(`${account.url}/api/v1/accounts/verify_credentials`, { headers: auth }),
    {
      what: "verify_credentials",
      timeoutMs,
    },
  );
  const accountId = (me as { id?: unknown } | undefined)?.id;
  if (typeof accountId !== "string" || !/^[A-Za-z0-9]{1,64}$/.test(accountId)) {
    throw new PostingError("verify_credentials: answered with no account");
  }
  const query = new URLSearchParams({
    limit: String(SEARCHED),
    exclude_replies: "true",
    exclude_reblogs: "true",
  });
  const { body: latest } = await callJson(
    new Request(`${account.url}/api/v1/accounts/${accountId}/statuses?${query}`, { headers: auth }),
    { what: "the account's statuses", timeoutMs },
  );
  const key = `now=${recordKey(content.update)}`;
  const already = Array.isArray(latest)
    ? latest.find((status) => typeof status?.content === "string" && status.content.includes(key))
    : undefined;
  const earlier = already && postOf(already);
  if (earlier) return { kind: "already", post: earlier };

  const { body: status } = await callJson(
    new Request(`${account.url}/api/v1/statuses`, {
      method: "POST",
      headers: {
        ...auth,
        "content-type": "application/json",
        "idempotency-key": `site-now-${recordKey(content.update)}`,
      },
      body: JSON.stringify({
        status: mastodonText(content.update.text, content.link, maxCharacters, perUrl),
        visibility: "public",
      }),
    }),
    { what: "POST /api/v1/statuses", timeoutMs },
  );
  const post = postOf(status);
  if (!post) throw new PostingError("POST /api/v1/statuses: answered with no status");
  return { kind: "posted", post };
}
