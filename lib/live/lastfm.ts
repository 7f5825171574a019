/**
 * @module Last.fm as a live source: what the owner listens to, from
 * `GET {LASTFM_API_URL}?method=user.getrecenttracks&user=…&api_key=…&format=json&limit=1`
 * (https://www.last.fm/api/show/user.getRecentTracks). A track playing now carries
 * `"@attr": {"nowplaying": "true"}` and no date: "listening to Track by Artist". A played
 * one has `date.uts`: "last played Track by Artist", shown with its age. Last.fm can leave
 * the flag standing after a pause, so a flag that has stood longer than a track could last
 * no longer counts: the track is shown as last played, when the flag was first seen. The
 * user is `LASTFM_USER`, or the owner's last.fm link; without `LASTFM_API_KEY` there is no
 * source. Text from Last.fm is cut to one printable line.
 */
import type { Content } from "../content/site-content.ts";
import { InvalidBody } from "../outbound/bounded-fetch.ts";
import { apiRoot, ConfigError, type Env, matching, valueIn } from "../runtime/env.ts";
import { type Activity, type SourceDefinition, shownText } from "./source.ts";

export const DEFAULT_LASTFM_API_URL = "https://ws.audioscrobbler.com/2.0/";

/** Where a person sees a user's listening. */
const WEB = "https://www.last.fm";

/**
 * The longest a "now playing" flag counts. Most music ends well within it; a longer track
 * (a 25-minute prog epic) is then shown as last played, which is also true.
 */
export const LONGEST_TRACK_MS = 20 * 60_000;

/** A Last.fm username: 2 to 15 letters, digits, `-` and `_`, starting with a letter. */
const USERNAME = /^[A-Za-z][A-Za-z0-9_-]{1,14}$/;

/** A profile's page on last.fm, or one of its national sites (lastfm.de, lastfm.jp, ...). */
const PROFILE_PAGE = /^https?:\/\/(?:www\.)?(?:last\.fm|lastfm\.[a-z]{2,3}(?:\.[a-z]{2})?)\/user\/([^/?#]+)/i;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The user in the first last.fm profile link (`https://www.last.fm/user/ada`). */
export function userInLinks(links: Content["profile"]["links"]): string | undefined {
  for (const { url } of links) {
    const user = PROFILE_PAGE.exec(url)?.[1];
    if (user && USERNAME.test(user)) return user;
  }
  return undefined;
}

/** What an error answer says: Last.fm's `{"error": 10, "message": "Invalid API key - …"}`. */
export function lastfmProblem(body: unknown): string | undefined {
  if (!isObject(body) || typeof body.error !== "number") return undefined;
  const message = typeof body.message === "string" ? `: ${shownText(body.message, 100)}` : "";
  return `Last.fm error ${body.error}${message}`;
}

interface Track {
  /** `Track by Artist`. */
  readonly what: string;
  readonly url: string;
}

/** A track of the answer, checked: a name, an artist (`#text`, or `name` in the extended form), a link. */
function trackOf(item: unknown, user: string): Track {
  if (!isObject(item) || typeof item.name !== "string" || item.name.trim() === "") {
    throw new InvalidBody("a track without a name");
  }
  const artist = isObject(item.artist) ? (item.artist["#text"] ?? item.artist.name) : undefined;
  const by = typeof artist === "string" && artist.trim() !== "" ? ` by ${shownText(artist, 40)}` : "";
  const url =
    typeof item.url === "string" && /^https:\/\/(www\.)?last\.fm\//.test(item.url)
      ? item.url
      : `${WEB}/user/${user}`;
  return { what: `${shownText(item.name, 60)}${by}`, url };
}

const isPlaying = (item: unknown) =>
  isObject(item) && isObject(item["@attr"]) && item["@attr"].nowplaying === "true";

/**
 * How an answer is read for `user`. What it remembers is the flag that stands: which track,
 * and since when the reads have seen it.
 */
function recentTracks(user: string): (body: unknown, at: number) => Activity | null {
  let standing: { readonly track: string; readonly since: number } | undefined;
  return function latest(body, at) {
    if (!isObject(body)) throw new InvalidBody("not a JSON object");
    const problem = lastfmProblem(body);
    if (problem) throw new InvalidBody(problem);
    if (!isObject(body.recenttracks)) throw new InvalidBody("no recenttracks");
    // One track may come as an object rather than a list of one.
    const listed = body.recenttracks.track ?? [];
    const tracks: unknown[] = Array.isArray(listed) ? listed : [listed];
    const playing = tracks.find(isPlaying);
    if (playing !== undefined) {
      const { what, url } = trackOf(playing, user);
      if (standing?.track !== what) standing = { track: what, since: at };
      const happenedAt = new Date(standing.since);
      return at - standing.since <= LONGEST_TRACK_MS
        ? { text: `listening to ${what}`, url, happenedAt, ongoing: true }
        : { text: `last played ${what}`, url, happenedAt };
    }
    standing = undefined;
    const played = tracks.find((item) => isObject(item) && isObject(item.date));
    if (played === undefined) return null;
    const uts = (played as { date: Record<string, unknown> }).date.uts;
    if (typeof uts !== "string" || !/^\d{1,12}$/.test(uts))
      throw new InvalidBody("a played track without date.uts");
    const { what, url } = trackOf(played, user);
    return { text: `last played ${what}`, url, happenedAt: new Date(Number(uts) * 1000) };
  };
}

/** The API key, checked as Last.fm issues them: 32 hexadecimal characters. Never repeated: it is a secret. */
function apiKey(env: Env): string | undefined {
  const raw = valueIn(env, "LASTFM_API_KEY");
  if (raw !== undefined && !/^[0-9a-f]{32}$/i.test(raw)) {
    throw new ConfigError(
      "LASTFM_API_KEY",
      `must be the 32 hexadecimal characters of a Last.fm API key (got ${raw.length} characters)`,
    );
  }
  return raw;
}

function user(env: Env): string | "off" | undefined {
  if (valueIn(env, "LASTFM_USER") === "off") return "off";
  return matching(
    env,
    "LASTFM_USER",
    USERNAME,
    'a Last.fm username (2 to 15 letters, digits, - or _, starting with a letter) or "off"',
  );
}

/**
 * Last.fm, as `LASTFM_API_KEY` (none: no source), `LASTFM_USER` (whose; `off` for none; by
 * default the last.fm link in the content) and `LASTFM_API_URL` (the API's root) configure it.
 */
export const lastfm: SourceDefinition = {
  help: {
    variables: ["LASTFM_USER", "LASTFM_API_KEY", "LASTFM_API_URL"],
    meaning: `whose Last.fm listening (the content's last.fm link; off for none), the API key that turns it on (off without one), and where (${new URL(DEFAULT_LASTFM_API_URL).host})`,
  },
  configure(env) {
    const root = apiRoot(env, "LASTFM_API_URL", DEFAULT_LASTFM_API_URL);
    const key = apiKey(env);
    const named = user(env);
    return ({ content, userAgent }) => {
      const owner = named ?? userInLinks(content.profile.links);
      if (key === undefined || owner === undefined || owner === "off") return undefined;
      const url = new URL(root);
      for (const [name, value] of Object.entries({
        method: "user.getrecenttracks",
        user: owner,
        api_key: key,
        format: "json",
        limit: "1",
      })) {
        url.searchParams.set(name, value);
      }
      const headers = { accept: "application/json", "user-agent": userAgent };
      return {
        id: "lastfm",
        name: "Last.fm",
        kind: "listening",
        request: () => new Request(url, { headers }),
        latest: recentTracks(owner),
        problem: lastfmProblem,
      };
    };
  },
};
