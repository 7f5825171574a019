/**
 * @module GitHub as a live source: the owner's latest public pushes, pull requests,
 * releases and new repositories, from `GET {GITHUB_API_URL}/users/{login}/events/public`
 * (https://docs.github.com/en/rest/activity/events), with the headers GitHub asks for.
 * The login is `GITHUB_LOGIN`, or the GitHub link in the content; without either there is
 * no source. Events are read as GitHub's event types document them
 * (https://docs.github.com/en/rest/using-the-rest-api/github-event-types): since October
 * 2025 a push no longer says how many commits it carried, nor a pull request its title,
 * so a phrase says what the event still does.
 */
import type { Content } from "../content/site-content.ts";
import { GITHUB_LOGIN } from "./config.ts";
import { type Activity, InvalidBody, type LiveSource, type SourceSetup, shownText } from "./source.ts";

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

/** GitHub as a source, or undefined when no login is set or linked (or `GITHUB_LOGIN=off`). */
export function githubSource({
  config: { github },
  content,
  userAgent,
}: SourceSetup): LiveSource | undefined {
  const login = github.login ?? loginInLinks(content.profile.links);
  if (login === undefined || login === "off") return undefined;
  const url = `${github.apiUrl}/users/${login}/events/public?per_page=${PER_PAGE}`;
  const headers: Record<string, string> = {
    accept: "application/vnd.github+json",
    "x-github-api-version": GITHUB_API_VERSION,
    "user-agent": userAgent,
    ...(github.token && { authorization: `Bearer ${github.token}` }),
  };
  return {
    id: "github",
    name: "GitHub",
    request: (etag) => new Request(url, { headers: etag ? { ...headers, "if-none-match": etag } : headers }),
    latest: latestActivity,
  };
}
