/**
 * Golden files for the rendered profile, the ping's status card and the help, at the
 * fixed clock of `tests/support/app.ts`, with the made-up route table of
 * `tests/fixtures/golden-routes.ts`: a route added or removed changes none of them. Refresh
 * with `bun run golden:update` after an intended change, and review the diff.
 */
import { describe, test } from "bun:test";
import { VERSION } from "../../lib/runtime/version.ts";
import { GOLDEN_ROUTES } from "../fixtures/golden-routes.ts";
import { as, featuresWith, send, testApp } from "../support/app.ts";
import { shownConversation } from "../support/conversation.ts";
import { expectGolden } from "../support/golden.ts";
import { shownFeed } from "../support/live.ts";

/** Nothing read from a live source: what an owner with no GitHub link, or a server just started, shows. */
const app = testApp({ routes: GOLDEN_ROUTES });
/** A push read from GitHub, twelve minutes old. */
const withActivity = testApp({ routes: GOLDEN_ROUTES, live: shownFeed() });
const text = async (url: string, headers: Record<string, string> = as.curl, from = app) =>
  (await (await send(from, url, headers)).text()).replaceAll(VERSION, "<version>");

describe("golden: the terminal profile", () => {
  const palettes: [file: string, query: string][] = [
    ["profile.ansi.txt", ""],
    ["profile.truecolor.ansi.txt", "?truecolor"],
    ["profile.dark.ansi.txt", "?theme=dark"],
    ["profile.dark-truecolor.ansi.txt", "?theme=dark&truecolor"],
    ["profile.light.ansi.txt", "?theme=light"],
    ["profile.light-truecolor.ansi.txt", "?theme=light&truecolor"],
  ];
  test.each(palettes)("%s: the profile drawn with %p", async (file, query) => {
    expectGolden(file, await text(`/${query}`));
  });

  test.each([40, 60, 80, 120])("profile.plain-%d.txt: without colour, at that width", async (width) => {
    expectGolden(`profile.plain-${width}.txt`, await text(`/?nocolor&width=${width}`));
  });
});

describe("golden: the profile with the latest activity read from GitHub", () => {
  test("profile.activity.ansi.txt, in colour", async () => {
    expectGolden("profile.activity.ansi.txt", await text("/", as.curl, withActivity));
  });

  test("profile.activity.plain-40.txt: without colour at 40 columns", async () => {
    expectGolden("profile.activity.plain-40.txt", await text("/?nocolor&width=40", as.curl, withActivity));
  });

  test("profile.activity.html: the page", async () => {
    expectGolden("profile.activity.html", await text("/", as.browser, withActivity));
  });
});

describe("golden: the profile with the latest update posted, and replies read", () => {
  const withReplies = testApp({
    routes: GOLDEN_ROUTES,
    features: featuresWith(undefined, shownConversation()),
  });

  test("profile.replies.ansi.txt, in colour", async () => {
    expectGolden("profile.replies.ansi.txt", await text("/", as.curl, withReplies));
  });

  test("profile.replies.html: the page", async () => {
    expectGolden("profile.replies.html", await text("/", as.browser, withReplies));
  });
});

describe("golden: the ping's status card and the help", () => {
  test("status-card.ansi.txt, in colour", async () => {
    expectGolden("status-card.ansi.txt", await text("/api/ping"));
  });

  test("status-card.plain-40.txt, without colour at 40 columns", async () => {
    expectGolden("status-card.plain-40.txt", await text("/api/ping?T&width=40"));
  });

  test("help.ansi.txt, in colour", async () => {
    expectGolden("help.ansi.txt", await text("/?help"));
  });
});

describe("golden: the browser page", () => {
  test("profile.html", async () => {
    expectGolden("profile.html", await text("/", as.browser));
  });
});
