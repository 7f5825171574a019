/**
 * @module An update posted to Bluesky with a few calls of the AT Protocol's HTTP API (no
 * SDK: decisions/2026-11-29-posting.md): a session from the handle and an app password
 * (`com.atproto.server.createSession`), on the PDS its DID document names; then, unless
 * the post is there already, the preview image as a blob (`uploadBlob`) and the post put
 * at the record key made from the update (`putRecord` with `swapRecord: null`: only if
 * nothing is there). The same post put again is a no-op; another post at that key is
 * refused (`InvalidSwap`): either way the update is posted once, whoever posts it, however
 * often. The post: the update's text, the link as a facet, and an external embed with
 * the preview image as its thumb.
 */
import type { Posted } from "../content/schemas.ts";
import { callJson, PostingError } from "./call.ts";
import { blueskyText } from "./post-text.ts";
import { recordKey } from "./record-key.ts";

export interface BlueskyAccount {
  /** Where the session is made: `BLUESKY_SERVICE`. */
  readonly service: string;
  readonly handle: string;
  readonly password: string;
}

/** What is posted: the update, its link (and the words shown for it), and the card. */
export interface PostContent {
  readonly update: { readonly id: string; readonly at: string; readonly text: string };
  readonly link: string;
  readonly shown: string;
  /** The card the link unfurls as: its title and description, and its image, drawn when asked for. */
  readonly card: {
    readonly title: string;
    readonly description: string;
    readonly image: () => Promise<Uint8Array<ArrayBuffer>>;
  };
}

export interface PostResult {
  /** `posted` now, or `already` there (by another run, another machine). */
  readonly kind: "posted" | "already";
  readonly post: Posted;
}

const POST = "app.bsky.feed.post";

/** The PDS a session's DID document names (`#atproto_pds`), else where the session was made. */
function pdsOf(session: { didDoc?: unknown }, fallback: string): string {
  const services = (session.didDoc as { service?: unknown } | undefined)?.service;
  if (Array.isArray(services)) {
    for (const entry of services) {
      const { id, serviceEndpoint } = (entry ?? {}) as { id?: unknown; serviceEndpoint?: unknown };
      if (typeof id === "string" && id.endsWith("#atproto_pds") && typeof serviceEndpoint === "string") {
        if (URL.canParse(serviceEndpoint) && /^https?:$/.test(new URL(serviceEndpoint).protocol)) {
          return serviceEndpoint.replace(/\/+$/, "");
        }
      }
    }
  }
  return fallback;
}

const xrpc = (base: string, method: string, query?: Record<string, string>) =>
  `${base}/xrpc/${method}${query ? `?${new URLSearchParams(query)}` : ""}`;

export async function postToBluesky(
  account: BlueskyAccount,
  content: PostContent,
  timeoutMs: number,
): Promise<PostResult> {
  const json = (body: unknown, token?: string) => ({
    method: "POST",
    headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const { body: session } = await callJson(
    new Request(
      xrpc(account.service, "com.atproto.server.createSession"),
      json({ identifier: account.handle, password: account.password }),
    ),
    { what: "createSession", timeoutMs },
  );
  const { accessJwt, did } = (session ?? {}) as { accessJwt?: unknown; did?: unknown };
  if (typeof accessJwt !== "string" || typeof did !== "string" || !/^did:[a-z]+:[\w.:%-]+$/.test(did)) {
    throw new PostingError("createSession: answered with no session");
  }
  const pds = pdsOf(session as { didDoc?: unknown }, account.service);
  const rkey = recordKey(content.update);
  const post: Posted = {
    service: "bluesky",
    url: `https://bsky.app/profile/${did}/post/${rkey}`,
    id: `at://${did}/${POST}/${rkey}`,
  };
  const found = await callJson(
    new Request(xrpc(pds, "com.atproto.repo.getRecord", { repo: did, collection: POST, rkey })),
    { what: "getRecord", timeoutMs },
  ).then(
    () => true,
    (error) => {
      if (error instanceof PostingError && error.answer?.status === 400) return false;
      throw error;
    },
  );
  if (found) return { kind: "already", post };

  const image = await content.card.image();
  const { body: uploaded } = await callJson(
    new Request(xrpc(pds, "com.atproto.repo.uploadBlob"), {
      method: "POST",
      headers: { "content-type": "image/png", authorization: `Bearer ${accessJwt}` },
      body: image,
    }),
    { what: "uploadBlob", timeoutMs },
  );
  const blob = (uploaded as { blob?: unknown } | undefined)?.blob;
  if (typeof blob !== "object" || blob === null) throw new PostingError("uploadBlob: answered with no blob");
  const { text, facets } = blueskyText(content.update.text, content.link, content.shown);
  const record = {
    $type: POST,
    text,
    facets,
    createdAt: new Date(content.update.at).toISOString(),
    embed: {
      $type: "app.bsky.embed.external",
      external: {
        uri: content.link,
        title: content.card.title,
        description: content.card.description,
        thumb: blob,
      },
    },
  };
  try {
    const { body: put } = await callJson(
      new Request(
        xrpc(pds, "com.atproto.repo.putRecord"),
        json({ repo: did, collection: POST, rkey, record, swapRecord: null }, accessJwt),
      ),
      { what: "putRecord", timeoutMs },
    );
    // No commit: the very record was there already, put by another run.
    return { kind: (put as { commit?: unknown } | undefined)?.commit ? "posted" : "already", post };
  } catch (error) {
    const answer = error instanceof PostingError ? error.answer : undefined;
    if (answer?.status === 400 && (answer.body as { error?: unknown } | undefined)?.error === "InvalidSwap") {
      return { kind: "already", post };
    }
    throw error;
  }
}
