/**
 * Test support: a stand-in for GitHub's REST API, a real server on a loopback port, for
 * the live feed to read `GET /users/{login}/events/public` from. It answers as told, and
 * can be told again at any time: the events with an ETag (and 304 to a request that sends
 * it back), any status with any headers (a rate limit, a 500), a body that is not JSON, a
 * body that never ends, or no answer at all. It records what each request sent. The
 * events are written as GitHub's documentation gives them
 * (https://docs.github.com/en/rest/using-the-rest-api/github-event-types), in the trimmed
 * form github.com has served since October 2025. `GITHUB_API_URL` points a server at it.
 */

export type GithubAnswer =
  /** 200 with the events and an ETag; 304 to a request whose `If-None-Match` is that ETag. */
  | {
      readonly kind: "events";
      readonly events: readonly unknown[];
      readonly headers?: Record<string, string>;
    }
  /** Any status, headers and body: 403 or 429 with rate-limit headers, 500, 404. */
  | {
      readonly kind: "status";
      readonly status: number;
      readonly headers?: Record<string, string>;
      readonly body?: string;
    }
  /** 200 with a body that is not JSON. */
  | { readonly kind: "garbage" }
  /** 200 with a JSON body that is not a list of events. */
  | { readonly kind: "not-events" }
  /** 200 whose body never ends: a chunk every few milliseconds, for ever. */
  | { readonly kind: "endless" }
  /** No answer at all, until the client gives up. */
  | { readonly kind: "hang" };

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface StandInGithub {
  /** What `GITHUB_API_URL` is set to: `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly requests: ReceivedRequest[];
  /** What it answers from now on. */
  answer(answer: GithubAnswer): void;
  stop(): void;
}

/** The ETag of a list of events: the same events, the same tag. */
export function etagOf(events: readonly unknown[]): string {
  return `"${Bun.hash(JSON.stringify(events)).toString(16)}"`;
}

/** Waits until the client goes away (its timeout), so a hanging answer holds nothing after. */
const untilAborted = (request: Request) =>
  new Promise<void>((resolve) => {
    if (request.signal.aborted) resolve();
    request.signal.addEventListener("abort", () => resolve(), { once: true });
  });

function respond(answer: GithubAnswer, request: Request): Response | Promise<Response> {
  switch (answer.kind) {
    case "events": {
      const etag = etagOf(answer.events);
      const headers = { etag, "x-poll-interval": "60", ...answer.headers };
      if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
      return Response.json(answer.events, { headers });
    }
    case "status":
      return new Response(answer.body ?? JSON.stringify({ message: "stand-in" }), {
        status: answer.status,
        headers: { "content-type": "application/json", ...answer.headers },
      });
    case "garbage":
      return new Response("<html><body>Unicorn! \u0000\u001b[2J</body>", {
        headers: { "content-type": "text/html" },
      });
    case "not-events":
      return Response.json({ message: "Not Found", documentation_url: "https://docs.github.com/rest" });
    case "endless": {
      let timer: ReturnType<typeof setInterval>;
      const chunk = new TextEncoder().encode(`${"[".repeat(1023)}\n`);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          timer = setInterval(() => controller.enqueue(chunk), 1);
        },
        cancel() {
          clearInterval(timer);
        },
      });
      request.signal.addEventListener("abort", () => clearInterval(timer), { once: true });
      return new Response(body, { headers: { "content-type": "application/json" } });
    }
    case "hang":
      return untilAborted(request).then(() => new Response(null, { status: 504 }));
  }
}

/** Starts the stand-in, answering `answer` until told otherwise. */
export function startGithub(answer: GithubAnswer = { kind: "events", events: [] }): StandInGithub {
  let current = answer;
  const requests: ReceivedRequest[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 0,
    fetch(request) {
      requests.push({
        method: request.method,
        path: new URL(request.url).pathname,
        headers: Object.fromEntries(request.headers),
      });
      return respond(current, request);
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    answer: (next) => {
      current = next;
    },
    stop: () => server.stop(true),
  };
}

/** The repository every stand-in event happens in, unless told. */
export const REPO = "rin-example/evals";

const actor = {
  id: 1,
  login: "rin-example",
  display_login: "rin-example",
  gravatar_id: "",
  url: "",
  avatar_url: "",
};
const repoOf = (name: string) => ({ id: 2, name, url: `https://api.github.com/repos/${name}` });
let id = 1000;
const event = (type: string, at: string, payload: object, repo = REPO) => ({
  id: String(id++),
  type,
  actor,
  repo: repoOf(repo),
  payload,
  public: true,
  created_at: at,
});

/** Events as GitHub's Events API gives them, one builder per type the feed shows, and one it does not. */
export const EVENTS = {
  push: (at: string, repo = REPO) =>
    event(
      "PushEvent",
      at,
      {
        repository_id: 2,
        push_id: 9_000_000,
        ref: "refs/heads/main",
        head: "7a8f3c1e9b2d4f6a8c0e1b3d5f7a9c1e3b5d7f9a",
        before: "1b3d5f7a9c1e3b5d7f9a7a8f3c1e9b2d4f6a8c0e",
      },
      repo,
    ),
  /** A push as GitHub Enterprise Server still gives it, with the number of commits. */
  pushWithSize: (at: string, size: number) =>
    event("PushEvent", at, { push_id: 9_000_001, size, distinct_size: size, ref: "refs/heads/main" }),
  pullRequest: (at: string, action: string, number = 8, merged?: boolean) =>
    event("PullRequestEvent", at, {
      action,
      number,
      pull_request: {
        url: `https://api.github.com/repos/${REPO}/pulls/${number}`,
        id: 558121796,
        number,
        ...(merged !== undefined && { merged }),
        head: { ref: "eval-diff", sha: "184cb4b61e26de7cccc385d37da25cd8bd817d27" },
        base: { ref: "main", sha: "dfbedd9e1470e53f3a0f2e408e4d6808585b6987" },
      },
    }),
  release: (at: string, tag: string) =>
    event("ReleaseEvent", at, { action: "published", release: { tag_name: tag, name: tag, draft: false } }),
  createRepository: (at: string, repo: string) =>
    event(
      "CreateEvent",
      at,
      { ref: null, ref_type: "repository", master_branch: "main", description: null },
      repo,
    ),
  createBranch: (at: string) =>
    event("CreateEvent", at, {
      ref: "eval-diff",
      ref_type: "branch",
      master_branch: "main",
      description: null,
    }),
  watch: (at: string) => event("WatchEvent", at, { action: "started" }),
};
