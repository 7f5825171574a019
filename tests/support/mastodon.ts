/**
 * Test support: a stand-in for a Mastodon server, a real server on a loopback port, with
 * the calls the site makes in the shapes Mastodon 4 answers them
 * (docs.joinmastodon.org: Instance, Account, Status, Context): the server's character
 * limit, the account a token is for and its statuses, a status posted (an
 * `Idempotency-Key` seen before, for the same account, answers the first status again, as
 * Mastodon does for an hour), and a status's replies. Each call can be told to
 * misbehave (any status with any headers, a body cut short, no answer at all), and the
 * server can refuse connections. It records every request. `MASTODON_URL` points the site
 * at it; a status's URL names it, so its replies are read there.
 */
import { type Misbehaviour, misbehaved, type RecordedRequest } from "./misbehaviour.ts";

export const TOKEN = "mastodon-token-5d6e7f";

export type MastodonCall = "instance" | "verify" | "statuses" | "post" | "context";

/** A reply under a status, as the test writes it: its HTML content is the server's. */
export interface StandInStatus {
  readonly id: string;
  readonly acct: string;
  readonly displayName?: string;
  readonly content: string;
  readonly createdAt: string;
}

export interface StandInMastodon {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** The statuses posted, by id, newest last. */
  readonly posted: Map<string, Record<string, unknown>>;
  /** The server's limit (500 by default). */
  maxCharacters: number;
  misbehave(call: MastodonCall, misbehaviour: Misbehaviour | undefined): void;
  /** Forgets every status posted, and every Idempotency-Key: an account as new. */
  reset(): void;
  /** The replies under the status `id`; "gone" for a status that is no more. */
  context(id: string, descendants: readonly StandInStatus[] | "gone"): void;
  refuse(): void;
  reopen(): void;
  stop(): void;
}

/** What the stand-in says when told to misbehave: Mastodon's error shape, a status broken off. */
const WORDS = {
  errorBody: JSON.stringify({ error: "stand-in" }),
  garbage: '{"id": "1", "url": \u001b[2J',
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function startMastodon(): StandInMastodon {
  const requests: RecordedRequest[] = [];
  const posted = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, string>();
  const misbehaving = new Map<MastodonCall, Misbehaviour>();
  const contexts = new Map<string, readonly StandInStatus[] | "gone">();
  let nextId = 113554738921746503n;
  let origin = "";

  const account = (acct: string, displayName = acct.split("@")[0] ?? acct) => ({
    id: acct === "rin" ? "1" : String(acct.length),
    username: acct.split("@")[0],
    acct,
    display_name: displayName,
    url: acct.includes("@") ? `https://${acct.split("@")[1]}/@${acct.split("@")[0]}` : `${origin}/@${acct}`,
  });
  const status = (id: string, content: string, createdAt: string, by = account("rin")) => ({
    id,
    uri: `${origin}/users/${by.username}/statuses/${id}`,
    url: by.acct.includes("@") ? `${by.url}/${id}` : `${origin}/@${by.acct}/${id}`,
    created_at: createdAt,
    visibility: "public",
    content,
    account: by,
  });

  const self = {
    maxCharacters: 500,
  };

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body = await request.text();
    requests.push({
      method: request.method,
      path: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      body,
    });
    const call: MastodonCall | undefined =
      request.method === "GET" && url.pathname === "/api/v2/instance"
        ? "instance"
        : url.pathname === "/api/v1/accounts/verify_credentials"
          ? "verify"
          : /^\/api\/v1\/accounts\/\w+\/statuses$/.test(url.pathname)
            ? "statuses"
            : request.method === "POST" && url.pathname === "/api/v1/statuses"
              ? "post"
              : /^\/api\/v1\/statuses\/\w+\/context$/.test(url.pathname)
                ? "context"
                : undefined;
    const misbehaviour = call && misbehaving.get(call);
    if (misbehaviour) return misbehaved(misbehaviour, request, WORDS);
    const authed = request.headers.get("authorization") === `Bearer ${TOKEN}`;
    switch (call) {
      case "instance":
        return Response.json({
          domain: url.host,
          version: "4.3.2",
          configuration: {
            statuses: { max_characters: self.maxCharacters, characters_reserved_per_url: 23 },
          },
        });
      case "verify":
        return authed
          ? Response.json(account("rin", "Rin Hayashi"))
          : Response.json({ error: "The access token is invalid" }, { status: 401 });
      case "statuses":
        return Response.json(
          [...posted.values()].reverse().slice(0, Number(url.searchParams.get("limit") ?? 20)),
        );
      case "post": {
        if (!authed) return Response.json({ error: "The access token is invalid" }, { status: 401 });
        const key = request.headers.get("idempotency-key");
        const again = key ? byKey.get(key) : undefined;
        if (again) return Response.json(posted.get(again));
        const form = JSON.parse(body) as { status?: string };
        const text = form.status ?? "";
        const length = [
          ...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(
            text.replace(/https?:\/\/\S+/g, "x".repeat(23)),
          ),
        ].length;
        if (length > self.maxCharacters) {
          return Response.json(
            { error: `Validation failed: Text character limit of ${self.maxCharacters} exceeded` },
            { status: 422 },
          );
        }
        const id = String(nextId++);
        const html = `<p>${escapeHtml(text)
          .replace(/\n/g, "<br />")
          .replace(
            /(https?:\/\/[^\s<]+)/g,
            '<a href="$1" rel="nofollow noopener" target="_blank">$1</a>',
          )}</p>`;
        posted.set(id, status(id, html, new Date().toISOString()));
        if (key) byKey.set(key, id);
        return Response.json(posted.get(id));
      }
      case "context": {
        const id = url.pathname.split("/")[4] ?? "";
        const descendants = contexts.get(id);
        if (descendants === undefined || descendants === "gone") {
          return Response.json({ error: "Record not found" }, { status: 404 });
        }
        return Response.json({
          ancestors: [],
          descendants: descendants.map((reply) =>
            status(reply.id, reply.content, reply.createdAt, account(reply.acct, reply.displayName)),
          ),
        });
      }
      default:
        return Response.json({ error: "Record not found" }, { status: 404 });
    }
  }

  const serve = (port = 0) => Bun.serve({ hostname: "127.0.0.1", port, idleTimeout: 0, fetch: handle });
  let server = serve();
  const port = server.port as number;
  origin = `http://127.0.0.1:${port}`;
  return Object.assign(self, {
    url: origin,
    requests,
    posted,
    misbehave(call: MastodonCall, misbehaviour: Misbehaviour | undefined) {
      if (misbehaviour) misbehaving.set(call, misbehaviour);
      else misbehaving.delete(call);
    },
    context: (id: string, descendants: readonly StandInStatus[] | "gone") =>
      void contexts.set(id, descendants),
    reset() {
      posted.clear();
      byKey.clear();
    },
    refuse: () => server.stop(true),
    reopen: () => {
      server = serve(port);
    },
    stop: () => server.stop(true),
  });
}
