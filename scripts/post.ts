/**
 * `bun run post`: the latest update of /now posted to the owner's Bluesky and Mastodon
 * accounts, once each (POSSE: published here, syndicated there), and where it was posted
 * kept with the update in content/now-history.json, which the page, the feeds and the
 * replies read. The release pipeline runs it after each deploy; `bun run now … --post`
 * runs it after a change. An account that fails, or has no variables, is a line, never a
 * failure: the status is 0 whatever the services did. Credentials come from the
 * environment and go nowhere else: never printed, never written.
 */
import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ContentError } from "../lib/content/content-error.ts";
import { checkContentFile } from "../lib/content/content-file.ts";
import { folderFiles, readContentFile } from "../lib/content/files.ts";
import type { NowHistory } from "../lib/content/schemas.ts";
import { NOW_HISTORY, readContent } from "../lib/content/site-content.ts";
import { POSTING_VARIABLES, postingAccounts } from "../lib/posting/accounts.ts";
import type { PostContent } from "../lib/posting/bluesky.ts";
import { type PostingRun, postLatest } from "../lib/posting/post-latest.ts";
import { recordKey } from "../lib/posting/record-key.ts";
import { previewCard } from "../lib/profile/model/preview-card.ts";
import { CONSOLE, type CommandOutput, readCommandLine, shownPath } from "../lib/runtime/command-line.ts";
import { ConfigError, siteOrigin } from "../lib/runtime/config.ts";
import { type Env, valueIn } from "../lib/runtime/env.ts";
import { fromNodeModules } from "../lib/runtime/package-files.ts";
import { contentJson } from "./content-json.ts";
import { contentDir } from "./init.ts";
import { flyTomlSite, PLACEHOLDER_URL } from "./site-url.ts";

export const EXIT = { done: 0, contentUnreadable: 1, usage: 2 } as const;

const COMMAND = {
  name: "bun run post",
  usage: `usage: bun run post [--content-dir DIR]

Posts the latest update of /now (content/now-history.json) to your Bluesky and
Mastodon accounts, each once, and keeps where it was posted with the update, in
the history: the page shows it (and the replies), and the feeds link it. An
account it was posted to before (by this machine, another, or an earlier run)
is not posted to again. Run after a deploy, so that the link shows the update:
the release pipeline does.

Each account says in one line what happened: posted, already posted, skipped
(its variables unset) or not posted (why: a refused password, a rate limit, a
server error, no answer in time). One failing never stops the other.

Environment:
  SITE_URL               the site's origin, which the posts link to
                         (default: [env] SITE_URL of fly.toml); an origin
                         only, as the server takes it: a path is refused
  ${POSTING_VARIABLES.bluesky.join(", ")}
                         a Bluesky handle and an app password (Settings,
                         Privacy and security, App passwords)
  BLUESKY_SERVICE        where the Bluesky session is made (https://bsky.social)
  ${POSTING_VARIABLES.mastodon.join(", ")}
                         a Mastodon server's address, and a token of an
                         application there with the write:statuses and
                         read:accounts and read:statuses scopes
  POST_TIMEOUT_MS        each call's whole budget (10000)

Options:
  --content-dir DIR  the content folder (default: $CONTENT_DIR, else content/)
  -h, --help         this text

Exit status:
  0  done, whatever each account said
  1  the content cannot be read, or no SITE_URL the server would take
  2  a usage error`,
  options: { "content-dir": { type: "string" } },
  positionals: false,
} as const;

/**
 * The site's origin: `SITE_URL`, else fly.toml's, read as the server reads it (an origin
 * only, so a post never links to a site the server would refuse to start as); or the line
 * that says why there is none.
 */
function siteUrlOf(env: Env): { readonly origin: string } | { readonly refused: string } {
  const given = valueIn(env, "SITE_URL");
  let raw = given;
  let variable = "SITE_URL";
  if (raw === undefined) {
    try {
      raw = flyTomlSite().siteUrl;
    } catch {
      raw = undefined;
    }
    variable = "fly.toml's [env] SITE_URL";
  }
  if (raw === undefined)
    return { refused: "no SITE_URL, and none in fly.toml's [env]: the posts would link nowhere" };
  try {
    const origin = siteOrigin(raw, variable);
    if (given === undefined && origin === PLACEHOLDER_URL) {
      return {
        refused:
          "no SITE_URL, and fly.toml's [env] SITE_URL is the placeholder: the posts would link nowhere",
      };
    }
    return { origin };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { refused: `${error.message}; the server would not start with it` };
  }
}

/**
 * Posts the latest update of the history in `dir` and writes where to the history;
 * what it printed is on `io`. Resolves to the run, or to an exit status when it could not run.
 */
export async function postLatestUpdate(
  dir: string,
  env: Env,
  io: CommandOutput,
): Promise<PostingRun | number> {
  const site = siteUrlOf(env);
  if ("refused" in site) {
    io.err(`Not posted: ${site.refused}`);
    return EXIT.contentUnreadable;
  }
  const siteUrl = site.origin;
  const files = folderFiles(dir);
  let history: NowHistory;
  let content: ReturnType<typeof readContent>;
  try {
    content = readContent(files, siteUrl);
    history = readContentFile(files, NOW_HISTORY, siteUrl);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    io.err(`Not posted: ${error.message}`);
    return EXIT.contentUnreadable;
  }
  const { profile } = content;
  const contentOf = (update: NowHistory[number]): PostContent => ({
    update,
    // The update's own link: one no other post holds, which is how Mastodon's are found again.
    link: `${siteUrl}/?now=${recordKey(update)}#now`,
    shown: new URL(siteUrl).host,
    card: {
      title: `${profile.name} · ${profile.role}`,
      description: update.text,
      image: async () => {
        const { drawPreview } = await import("../lib/preview/draw.ts");
        return drawPreview(previewCard(content, siteUrl, new Date()), fromNodeModules);
      },
    },
  });
  const run = await postLatest(history, postingAccounts(env), contentOf);
  for (const line of run.lines) io.out(line);
  if (run.recorded) {
    checkContentFile(NOW_HISTORY, run.history, siteUrl);
    const path = join(dir, NOW_HISTORY.name);
    writeFileSync(`${path}.new`, contentJson(path, run.history));
    renameSync(`${path}.new`, path);
    io.out(`Kept in ${shownPath(path)}: where the update was posted`);
  }
  return run;
}

/** Runs the command; resolves to its exit status. */
export async function post(args: readonly string[], env: Env, io: CommandOutput): Promise<number> {
  const read = readCommandLine(args, COMMAND, io);
  if (read.exit !== undefined) return read.exit;
  const dir = contentDir(read.values["content-dir"]);
  const run = await postLatestUpdate(dir, env, io);
  return typeof run === "number" ? run : EXIT.done;
}

if (import.meta.main) process.exitCode = await post(process.argv.slice(2), process.env, CONSOLE);
