/**
 * Test support: a stand-in for Bluesky, a real server on a loopback port that is both a
 * PDS (where the owner's account posts: a session, a blob, a record put at a key) and the
 * public AppView (where a post's thread is read, with no session). It answers as the
 * reference PDS does: putRecord of the very record already there is a no-op that answers
 * the same URI, and one that differs, with `swapRecord: null`, is 400 `InvalidSwap`; a
 * thread of a post that is not there is 400 `NotFound`. Each call can be told to misbehave
 * (any status with any headers, a body that is not JSON, no answer at all), and the server
 * can refuse connections altogether. It records every request, its body included, so a
 * test sees what a client sent; and checks that no request but the session's carries the
 * password. `BLUESKY_SERVICE` and `BLUESKY_APPVIEW` point the site at it.
 */
import { createHash } from "node:crypto";
import { type Misbehaviour, misbehaved, type RecordedRequest } from "./misbehaviour.ts";

/** The XRPC methods it answers. */
export type BlueskyMethod =
  | "com.atproto.server.createSession"
  | "com.atproto.repo.uploadBlob"
  | "com.atproto.repo.putRecord"
  | "com.atproto.repo.getRecord"
  | "app.bsky.feed.getPostThread";

/** A reply the AppView shows under a post, as the test writes it. */
export interface StandInReply {
  readonly did: string;
  readonly handle: string;
  readonly displayName?: string;
  readonly rkey: string;
  readonly text: string;
  readonly createdAt: string;
  readonly indexedAt?: string;
  /** Replies under this one. */
  readonly replies?: readonly StandInReply[];
}

export interface StandInBluesky {
  readonly url: string;
  /** The account's DID, whose handle and app password are `HANDLE` and `PASSWORD`. */
  readonly did: string;
  readonly requests: RecordedRequest[];
  /** The records put, by their at:// URI. */
  readonly records: Map<string, { readonly cid: string; readonly value: Record<string, unknown> }>;
  /** The blobs uploaded, by their CID. */
  readonly blobs: Map<string, Uint8Array>;
  /** From now on, `method` answers so; `undefined` puts it right again. */
  misbehave(method: BlueskyMethod, misbehaviour: Misbehaviour | undefined): void;
  /** The replies the AppView shows under the post `uri`, and whether the post itself is there. */
  thread(uri: string, replies: readonly StandInReply[] | "gone" | "extra-entries"): void;
  /** Connections are refused from now on (the port is closed), until `reopen`. */
  refuse(): void;
  reopen(): void;
  stop(): void;
}

export const HANDLE = "rin.standin.example";
export const PASSWORD = "abcd-efgh-ijkl-mnop";

/** A CIDv1 string (base32, sha2-256), as the PDS writes them. */
function cidOf(bytes: Uint8Array | string, codec = 0x71): string {
  const digest = createHash("sha256").update(bytes).digest();
  const raw = Uint8Array.from([0x01, codec, 0x12, 0x20, ...digest]);
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  let bits = 0;
  let value = 0;
  let out = "b";
  for (const byte of raw) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + alphabet[(value << (5 - bits)) & 31] : out;
}

const xrpcError = (status: number, error: string, message: string) =>
  Response.json({ error, message }, { status });

/** What the stand-in says when told to misbehave: XRPC's error shape, a thread broken off. */
const WORDS = {
  errorBody: JSON.stringify({ error: "InternalServerError", message: "stand-in" }),
  garbage: '{"thread": {"$type": "app.bsky.feed.defs#threadViewPost", "post": \u0000\u001b[2J',
};

function threadView(
  uri: string,
  by: { did: string; handle: string },
  text: string,
  at: string,
  replies: unknown[],
) {
  return {
    $type: "app.bsky.feed.defs#threadViewPost",
    post: {
      uri,
      cid: cidOf(uri),
      author: { did: by.did, handle: by.handle },
      record: { $type: "app.bsky.feed.post", text, createdAt: at },
      indexedAt: at,
      replyCount: replies.length,
      repostCount: 0,
      likeCount: 0,
      quoteCount: 0,
      labels: [],
    },
    replies,
  };
}

function replyView(reply: StandInReply): unknown {
  const uri = `at://${reply.did}/app.bsky.feed.post/${reply.rkey}`;
  const view = threadView(uri, reply, reply.text, reply.createdAt, (reply.replies ?? []).map(replyView)) as {
    post: Record<string, unknown>;
  };
  view.post.author = {
    did: reply.did,
    handle: reply.handle,
    ...(reply.displayName !== undefined && { displayName: reply.displayName }),
  };
  view.post.indexedAt = reply.indexedAt ?? reply.createdAt;
  return view;
}

export function startBluesky(): StandInBluesky {
  const did = "did:plc:standinrinhayashi0000000";
  const requests: RecordedRequest[] = [];
  const records = new Map<string, { cid: string; value: Record<string, unknown> }>();
  const blobs = new Map<string, Uint8Array>();
  const misbehaving = new Map<string, Misbehaviour>();
  const threads = new Map<string, readonly StandInReply[] | "gone" | "extra-entries">();
  const accessJwt = `access-${createHash("sha256").update(did).digest("hex").slice(0, 16)}`;

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const method = url.pathname.replace(/^\/xrpc\//, "");
    const bytes = new Uint8Array(await request.arrayBuffer());
    const text = request.headers.get("content-type")?.startsWith("image/")
      ? `${bytes.byteLength} bytes`
      : new TextDecoder().decode(bytes);
    requests.push({
      method: request.method,
      path: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      body: text,
    });
    const misbehaviour = misbehaving.get(method);
    if (misbehaviour) return misbehaved(misbehaviour, request, WORDS);
    const authed = request.headers.get("authorization") === `Bearer ${accessJwt}`;
    switch (method) {
      case "com.atproto.server.createSession": {
        const body = JSON.parse(text) as { identifier?: string; password?: string };
        if (body.identifier !== HANDLE || body.password !== PASSWORD) {
          return xrpcError(401, "AuthenticationRequired", "Invalid identifier or password");
        }
        const service = [
          {
            id: "#atproto_pds",
            type: "AtprotoPersonalDataServer",
            serviceEndpoint: `http://127.0.0.1:${server.port}`,
          },
        ];
        return Response.json({
          accessJwt,
          refreshJwt: "refresh",
          handle: HANDLE,
          did,
          active: true,
          didDoc: { id: did, service },
        });
      }
      case "com.atproto.repo.uploadBlob": {
        if (!authed) return xrpcError(401, "AuthenticationRequired", "Authentication Required");
        const mimeType = request.headers.get("content-type");
        const cid = cidOf(bytes, 0x55);
        blobs.set(cid, bytes);
        return Response.json({
          blob: { $type: "blob", ref: { $link: cid }, mimeType, size: bytes.byteLength },
        });
      }
      case "com.atproto.repo.putRecord": {
        if (!authed) return xrpcError(401, "AuthenticationRequired", "Authentication Required");
        const body = JSON.parse(text) as {
          repo: string;
          collection: string;
          rkey: string;
          record: Record<string, unknown>;
          swapRecord?: string | null;
        };
        if (body.repo !== did) return xrpcError(400, "InvalidRequest", "repo is not the session's");
        const uri = `at://${did}/${body.collection}/${body.rkey}`;
        const cid = cidOf(JSON.stringify(body.record));
        const current = records.get(uri);
        if (current?.cid === cid) return Response.json({ uri, cid });
        if (body.swapRecord !== undefined && body.swapRecord !== (current?.cid ?? null)) {
          return xrpcError(400, "InvalidSwap", `Record was at ${current?.cid ?? "null"}`);
        }
        records.set(uri, { cid, value: body.record });
        return Response.json({
          uri,
          cid,
          commit: { cid: cidOf(`${uri}${cid}`), rev: "3n3gvryqpk2bl" },
          validationStatus: "valid",
        });
      }
      case "com.atproto.repo.getRecord": {
        const uri = `at://${url.searchParams.get("repo")}/${url.searchParams.get("collection")}/${url.searchParams.get("rkey")}`;
        const found = records.get(uri);
        return found
          ? Response.json({ uri, cid: found.cid, value: found.value })
          : xrpcError(400, "RecordNotFound", `Could not locate record: ${uri}`);
      }
      case "app.bsky.feed.getPostThread": {
        const uri = url.searchParams.get("uri") ?? "";
        const replies = threads.get(uri);
        if (replies === undefined || replies === "gone")
          return xrpcError(400, "NotFound", `Post not found: ${uri}`);
        const extra =
          replies === "extra-entries"
            ? [
                {
                  $type: "app.bsky.feed.defs#notFoundPost",
                  uri: "at://did:plc:gone/app.bsky.feed.post/3lgone",
                  notFound: true,
                },
                {
                  $type: "app.bsky.feed.defs#blockedPost",
                  uri: "at://did:plc:blk/app.bsky.feed.post/3lblk",
                  blocked: true,
                  author: { did: "did:plc:blk" },
                },
              ]
            : [];
        const shown = replies === "extra-entries" ? [] : replies;
        return Response.json({
          thread: threadView(uri, { did, handle: HANDLE }, "the post", "2026-11-20T08:15:00.000Z", [
            ...shown.map(replyView),
            ...extra,
          ]),
        });
      }
      default:
        return xrpcError(501, "MethodNotImplemented", `Method Not Implemented: ${method}`);
    }
  }

  const serve = (port = 0) => Bun.serve({ hostname: "127.0.0.1", port, idleTimeout: 0, fetch: handle });
  let server = serve();
  const port = server.port as number;
  return {
    url: `http://127.0.0.1:${port}`,
    did,
    requests,
    records,
    blobs,
    misbehave(method, misbehaviour) {
      if (misbehaviour) misbehaving.set(method, misbehaviour);
      else misbehaving.delete(method);
    },
    thread: (uri, replies) => void threads.set(uri, replies),
    refuse: () => server.stop(true),
    reopen: () => {
      server = serve(port);
    },
    stop: () => server.stop(true),
  };
}
