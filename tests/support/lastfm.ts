/**
 * Test support: a stand-in for Last.fm's API, a real server on a loopback port, for the
 * live feed to read `user.getrecenttracks` from. It answers as told, and can be told again
 * at any time: recent tracks (a track playing now, played ones), Last.fm's error answers
 * (`{"error": 10, "message": "Invalid API key - …"}` with its status), any status, a body
 * that is not JSON, a redirect, or no answer at all. It records what each request asked.
 * The tracks are written as Last.fm's documentation and answers give them
 * (https://www.last.fm/api/show/user.getRecentTracks). `LASTFM_API_URL` points a server at it.
 */

export type LastfmAnswer =
  /** 200 with these tracks, as `recenttracks.track`. */
  | { readonly kind: "tracks"; readonly tracks: unknown }
  /** One of Last.fm's error answers: its status, code and message. */
  | { readonly kind: "error"; readonly status: number; readonly error: number; readonly message: string }
  /** Any status, and a body that says nothing. */
  | { readonly kind: "status"; readonly status: number }
  /** 200 with a body that is not JSON. */
  | { readonly kind: "garbage" }
  /** 302 to somewhere else. */
  | { readonly kind: "redirect" }
  /** No answer at all, until the client gives up. */
  | { readonly kind: "hang" };

export interface LastfmRequest {
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string>>;
}

export interface StandInLastfm {
  /** What `LASTFM_API_URL` is set to: `http://127.0.0.1:<port>/2.0/`. */
  readonly url: string;
  readonly requests: LastfmRequest[];
  /** What it answers from now on. */
  answer(answer: LastfmAnswer): void;
  stop(): void;
}

/** An API key of the shape Last.fm issues: what the tests configure, and look for where it must not be. */
export const API_KEY = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";

/** Last.fm's answer to a key it does not know, as it sends it. */
export const INVALID_KEY = {
  kind: "error",
  status: 403,
  error: 10,
  message: "Invalid API key - You must be granted a valid key by last.fm",
} as const;

const untilAborted = (request: Request) =>
  new Promise<void>((resolve) => {
    if (request.signal.aborted) resolve();
    request.signal.addEventListener("abort", () => resolve(), { once: true });
  });

function respond(answer: LastfmAnswer, request: Request): Response | Promise<Response> {
  const user = new URL(request.url).searchParams.get("user") ?? "";
  switch (answer.kind) {
    case "tracks":
      return Response.json({
        recenttracks: {
          track: answer.tracks,
          "@attr": { user, totalPages: "2410", page: "1", perPage: "1", total: "2410" },
        },
      });
    case "error":
      return Response.json({ message: answer.message, error: answer.error }, { status: answer.status });
    case "status":
      return new Response("", { status: answer.status });
    case "garbage":
      return new Response("<html><body>Service Temporarily Unavailable \u001b[2J</body>", {
        headers: { "content-type": "text/html" },
      });
    case "redirect":
      return new Response(null, { status: 302, headers: { location: "/elsewhere" } });
    case "hang":
      return untilAborted(request).then(() => new Response(null, { status: 504 }));
  }
}

/** Starts the stand-in, answering `answer` until told otherwise. */
export function startLastfm(answer: LastfmAnswer = { kind: "tracks", tracks: [] }): StandInLastfm {
  let current = answer;
  const requests: LastfmRequest[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 0,
    fetch(request) {
      const url = new URL(request.url);
      requests.push({
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: Object.fromEntries(request.headers),
      });
      return respond(current, request);
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/2.0/`,
    requests,
    answer: (next) => {
      current = next;
    },
    stop: () => server.stop(true),
  };
}

const image = (size: string) => ({ size, "#text": `https://lastfm.freetls.fastly.net/i/u/${size}/2a96.png` });

/** A track as `recenttracks.track` lists it. */
function track(name: string, artist: string, more: object) {
  return {
    artist: { mbid: "", "#text": artist },
    streamable: "0",
    image: ["small", "medium", "large", "extralarge"].map(image),
    mbid: "",
    album: { mbid: "", "#text": "Low Tide Songs" },
    name,
    url: `https://www.last.fm/music/${encodeURIComponent(artist).replaceAll("%20", "+")}/_/${encodeURIComponent(name).replaceAll("%20", "+")}`,
    ...more,
  };
}

/** Tracks as Last.fm gives them: one playing now, and one played at an instant. */
export const TRACKS = {
  playing: (name = "Harbour Lights", artist = "The Night Ferries") =>
    track(name, artist, { "@attr": { nowplaying: "true" } }),
  played: (at: string, name = "Slack Water", artist = "The Night Ferries") => {
    const seconds = Date.parse(at) / 1000;
    return track(name, artist, { date: { uts: String(seconds), "#text": new Date(at).toUTCString() } });
  },
};
