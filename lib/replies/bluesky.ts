/**
 * @module A post's replies on Bluesky, from the public AppView, with no account:
 * `app.bsky.feed.getPostThread?uri=at://…&depth=…&parentHeight=0`
 * (docs.bsky.app/docs/api/app-bsky-feed-get-post-thread). Replies nest: every reply under
 * the post, at any depth up to `DEPTH`, is one; a reply deleted (`#notFoundPost`) or from
 * someone the AppView keeps from view (`#blockedPost`) is not shown. The AppView answers a
 * post that is no more with 400 and `{"error": "NotFound"}`.
 */
import { InvalidBody } from "../outbound/bounded-fetch.ts";
import { shownText } from "../utils/shown-text.ts";
import { NAME_MAX, REPLY_TEXT_MAX, type Reply } from "./reply.ts";
import { instant, isObject, type Thread } from "./thread.ts";

/** How deep under the post replies are read: a conversation, not a whole tree. */
const DEPTH = 6;

/** An app.bsky.feed.post record's URI: its author's DID and its record key. */
const POST_URI =
  /^at:\/\/(did:[a-z]+:[A-Za-z0-9._:%-]{1,2000})\/app\.bsky\.feed\.post\/([A-Za-z0-9._:~-]{1,512})$/;

/** A handle as the AT Protocol spells one (atproto.com/specs/handle). */
const HANDLE = /^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;

/** Where a person reads what the AppView names. */
const WEB = "https://bsky.app";

/** One reply from a `#threadViewPost`, or undefined for one that cannot be shown. */
function replyOf(view: Record<string, unknown>, update: string): Reply | undefined {
  const post = isObject(view.post) ? view.post : {};
  const author = isObject(post.author) ? post.author : {};
  const record = isObject(post.record) ? post.record : {};
  const uri = typeof post.uri === "string" ? POST_URI.exec(post.uri) : null;
  const did = typeof author.did === "string" ? author.did : "";
  const handle = typeof author.handle === "string" && HANDLE.test(author.handle) ? author.handle : undefined;
  const created = instant(record.createdAt);
  const indexed = instant(post.indexedAt);
  // A client writes createdAt as it likes; the AppView's own time bounds it.
  const at =
    created && indexed ? new Date(Math.min(created.getTime(), indexed.getTime())) : (created ?? indexed);
  if (!uri || uri[1] !== did || !at || typeof record.text !== "string") return undefined;
  const name = typeof author.displayName === "string" ? shownText(author.displayName, NAME_MAX) : "";
  const shownHandle = handle ? `@${shownText(handle, NAME_MAX)}` : did;
  return {
    service: "bluesky",
    author: { name: name || shownHandle, handle: shownHandle, url: `${WEB}/profile/${did}` },
    text: shownText(record.text, REPLY_TEXT_MAX),
    at,
    url: `${WEB}/profile/${did}/post/${uri[2]}`,
    update,
  };
}

/** Every reply under `view`, depth first. */
function repliesUnder(view: Record<string, unknown>, update: string, into: Reply[]): Reply[] {
  if (!Array.isArray(view.replies)) return into;
  for (const child of view.replies) {
    if (!isObject(child) || child.$type !== "app.bsky.feed.defs#threadViewPost") continue;
    const reply = replyOf(child, update);
    if (reply) into.push(reply);
    repliesUnder(child, update, into);
  }
  return into;
}

/** The thread of the post `uri` (an at:// URI), read from the AppView at `appView`. */
export function blueskyThread(uri: string, update: string, appView: string, userAgent: string): Thread {
  const url = `${appView}/xrpc/app.bsky.feed.getPostThread?${new URLSearchParams({
    uri,
    depth: String(DEPTH),
    parentHeight: "0",
  })}`;
  return {
    service: "bluesky",
    update,
    request: () => new Request(url, { headers: { accept: "application/json", "user-agent": userAgent } }),
    replies(body) {
      if (!isObject(body) || !isObject(body.thread)) throw new InvalidBody("no thread");
      const { thread } = body;
      if (thread.$type !== "app.bsky.feed.defs#threadViewPost") return [];
      return repliesUnder(thread, update, []);
    },
    gone: (status, body) => status === 400 && isObject(body) && body.error === "NotFound",
  };
}
