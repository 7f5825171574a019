/**
 * @module A status's replies on Mastodon, read where the status is (the origin of its URL),
 * with no account: `GET /api/v1/statuses/:id/context`, whose `descendants` are every reply
 * in the thread below it, in order (docs.joinmastodon.org/methods/statuses/#context;
 * without an account, at most 60, twenty deep). A status that is no more is a 404. Each
 * reply's `content` is HTML, made text here (`html-text.ts`).
 */

import { InvalidBody } from "../outbound/bounded-fetch.ts";
import { shownText } from "../utils/shown-text.ts";
import { htmlText } from "./html-text.ts";
import { NAME_MAX, REPLY_TEXT_MAX, type Reply, webAddress } from "./reply.ts";
import { instant, isObject, type Thread } from "./thread.ts";

/** One reply from a Status, or undefined for one that cannot be shown. */
function replyOf(status: Record<string, unknown>, update: string, host: string): Reply | undefined {
  const account = isObject(status.account) ? status.account : {};
  const at = instant(status.created_at);
  const url = webAddress(status.url) ?? webAddress(status.uri);
  const acct = typeof account.acct === "string" ? account.acct : "";
  const authorUrl = webAddress(account.url);
  if (!at || !url || !authorUrl || acct === "" || typeof status.content !== "string") return undefined;
  // A local account's acct is its username alone: the server it is on completes it.
  const handle = `@${shownText(acct.includes("@") ? acct : `${acct}@${host}`, NAME_MAX)}`;
  const name = typeof account.display_name === "string" ? shownText(account.display_name, NAME_MAX) : "";
  return {
    service: "mastodon",
    author: { name: name || handle, handle, url: authorUrl },
    text: shownText(htmlText(status.content), REPLY_TEXT_MAX),
    at,
    url,
    update,
  };
}

/** The thread of the status `id`, read at the origin of `postUrl`, the status's own page. */
export function mastodonThread(postUrl: string, id: string, update: string, userAgent: string): Thread {
  const origin = new URL(postUrl);
  const url = `${origin.origin}/api/v1/statuses/${encodeURIComponent(id)}/context`;
  return {
    service: "mastodon",
    update,
    request: () => new Request(url, { headers: { accept: "application/json", "user-agent": userAgent } }),
    replies(body) {
      if (!isObject(body) || !Array.isArray(body.descendants)) throw new InvalidBody("no descendants");
      return body.descendants.flatMap((status) =>
        isObject(status) ? (replyOf(status, update, origin.host) ?? []) : [],
      );
    },
    gone: (status) => status === 404 || status === 410,
  };
}
