/**
 * @module GitHub as a live source: the owner's latest public pushes, pull requests,
 * releases and new repositories, from `GET {GITHUB_API_URL}/users/{login}/events/public`
 * (https://docs.github.com/en/rest/activity/events), with the headers GitHub asks for,
 * and a token when `GITHUB_TOKEN` gives one. The login is `GITHUB_LOGIN`, or the GitHub
 * link in the content; without either there is no source. Events are read as GitHub's event types document them
 * (https://docs.github.com/en/rest/using-the-rest-api/github-event-types): since October
 * 2025 a push no longer says how many commits it carried, nor a pull request its title,
 * so a phrase says what the event still does.
 */
import type { Content } from "../content/site-content.ts";
import { InvalidBody } from "../outbound/bounded-fetch.ts";
import { apiRoot, ConfigError, type Env, matching, valueIn } from "../runtime/env.ts";
import { type Activity, type SourceDefinition, shownText } from "./source.ts";

export const DEFAULT_GITHUB_API_URL = "https://api.github.com";

/** A GitHub login: letters, digits and single hyphens, at most 39, never at either end. */
export const GITHUB_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;

/** Where a person sees what the API names. */
const WEB = "https://github.com";

/** The REST API version this reader is written for, sent with every request. */
export const GITHUB_API_VERSION = "2022-11-28";

/** Events a page holds: the newest 30, GitHub's default, among which the latest recognised one is. */
const PER_PAGE = 30;

/** `owner/repository`, as an event's `repo.name` gives it. */
const REPOSITORY = /^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/;

/** An event as far as every type shares it, checked. */
interface Event {
  readonly repo: string;
  readonly at: Date;
  readonly payload: Readonly<Record<string, unknown>>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const positiveInteger = (value: unknown): number | undefined =>
  Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : undefined;

const repositoryUrl = (repo: string) => `${WEB}/${repo}`;

/** A pull request's verb for each action shown; other actions (labelled, assigned, ...) are not. */
const PULL_REQUEST_VERBS: Readonly<Record<string, string>> = {
  opened: "opened",
  reopened: "reopened",
  closed: "closed",
};

/**
 * What each event type shown says, or undefined for one of that type that is not shown;
 * types not listed are never shown (stars, comments, forks, ...).
 */
const PHRASES: Readonly<Partial<Record<string, (event: Event) => Omit<Activity, "happenedAt"> | undefined>>> =
  {
    PushEvent({ repo, payload }) {
      // `size` is there on GitHub Enterprise Server, and was on github.com before October 2025.
      const commits = positiveInteger(payload.size);
      const what = commits ? `pushed ${commits} commit${commits === 1 ? "" : "s"}` : "pushed";
      return { text: `${what} to ${repo}`, url: repositoryUrl(repo) };
    },
    PullRequestEvent({ repo, payload }) {
      const pull = isObject(payload.pull_request) ? payload.pull_request : {};
      const number = positiveInteger(payload.number) ?? positiveInteger(pull.number);
      const action = typeof payload.action === "string" ? payload.action : "";
      const verb = action === "closed" && pull.merged === true ? "merged" : PULL_REQUEST_VERBS[action];
      if (!verb || !number) return undefined;
      return { text: `${verb} pull request #${number} in ${repo}`, url: `${WEB}/${repo}/pull/${number}` };
    },
    ReleaseEvent({ repo, payload }) {
      if (payload.action !== "published") return undefined;
      const release = isObject(payload.release) ? payload.release : {};
      const tag = typeof release.tag_name === "string" ? shownText(release.tag_name, 40) : "";
      return tag
        ? {
            text: `released ${tag} of ${repo}`,
            url: `${WEB}/${repo}/releases/tag/${encodeURIComponent(tag)}`,
          }
        : { text: `published a release of ${repo}`, url: `${WEB}/${repo}/releases` };
    },
    CreateEvent({ repo, payload }) {
      return payload.ref_type === "repository"
        ? { text: `created ${repo}`, url: repositoryUrl(repo) }
        : undefined;
    },
  };

/** An event's shared fields, checked; undefined for one this reader cannot place. */
function eventOf(item: Record<string, unknown>): Event | undefined {
  const repo = isObject(item.repo) ? item.repo.name : undefined;
  const at = typeof item.created_at === "string" ? new Date(item.created_at) : undefined;
  if (typeof repo !== "string" || !REPOSITORY.test(repo) || !at || Number.isNaN(at.getTime())) {
    return undefined;
  }
  return { repo, at, payload: isObject(item.payload) ? item.payload : {} };
}

/** The latest event of a type shown, as an activity; null when the page has none. */
export function latestActivity(body: unknown): Activity | null {
  if (!Array.isArray(body)) throw new InvalidBody("not a list of events");
  let latest: Activity | null = null;
  for (const item of body) {
    if (!isObject(item) || typeof item.type !== "string") throw new InvalidBody("not a list of events");
    // Own keys only: an event typed "toString" is not one of ours.
    const phrase = Object.hasOwn(PHRASES, item.type) ? PHRASES[item.type] : undefined;
    const event = phrase && eventOf(item);
    const shown = event && phrase(event);
    if (event && shown && (latest === null || event.at > latest.happenedAt)) {
      latest = { ...shown, happenedAt: event.at };
    }
  }
  return latest;
}

/**
 * The login in the first github.com link of the profile: its first path segment
 * (`https://github.com/ada` and `https://github.com/ada/engine` both name `ada`).
 */
export function loginInLinks(links: Content["profile"]["links"]): string | undefined {
  for (const { url } of links) {
    if (!/^https?:\/\/(www\.)?github\.com\//i.test(url)) continue;
    const login = new URL(url).pathname.split("/")[1] ?? "";
    if (GITHUB_LOGIN.test(login)) return login;
  }
  return undefined;
}

function token(env: Env): string | undefined {
  const raw = valueIn(env, "GITHUB_TOKEN");
  // A token is one printable word; what was given is never repeated: it is a secret.
  if (raw !== undefined && !/^[\x21-\x7e]{1,255}$/.test(raw)) {
    throw new ConfigError(
      "GITHUB_TOKEN",
      `must be one word of printable ASCII (got ${raw.length} characters)`,
    );
  }
  return raw;
}

function login(env: Env): string | "off" | undefined {
  if (valueIn(env, "GITHUB_LOGIN") === "off") return "off";
  return matching(
    env,
    "GITHUB_LOGIN",
    GITHUB_LOGIN,
    'a GitHub login (letters, digits and single hyphens, at most 39) or "off"',
  );
}

/**
 * GitHub, as `GITHUB_API_URL` (the REST API's root), `GITHUB_TOKEN` (sent as `Authorization:
 * Bearer`; without one, 60 reads an hour per address) and `GITHUB_LOGIN` (whose; `off` for
 * none; by default the GitHub link in the content) configure it.
 */
export const github: SourceDefinition = {
  help: {
    variables: ["GITHUB_LOGIN", "GITHUB_TOKEN", "GITHUB_API_URL"],
    meaning: `whose GitHub activity (the content's GitHub link; off for none), a token to read it with, and where (${new URL(DEFAULT_GITHUB_API_URL).host})`,
  },
  configure(env) {
    const root = apiRoot(env, "GITHUB_API_URL", DEFAULT_GITHUB_API_URL).href.replace(/\/+$/, "");
    const bearer = token(env);
    const named = login(env);
    return ({ content, userAgent }) => {
      const owner = named ?? loginInLinks(content.profile.links);
      if (owner === undefined || owner === "off") return undefined;
      const url = `${root}/users/${owner}/events/public?per_page=${PER_PAGE}`;
      const headers: Record<string, string> = {
        accept: "application/vnd.github+json",
        "x-github-api-version": GITHUB_API_VERSION,
        "user-agent": userAgent,
        ...(bearer && { authorization: `Bearer ${bearer}` }),
      };
      return {
        id: "github",
        name: "GitHub",
        kind: "activity",
        request: (etag) =>
          new Request(url, { headers: etag ? { ...headers, "if-none-match": etag } : headers }),
        latest: latestActivity,
      };
    };
  },
};
