/**
 * Golden files for the rendered profile, at the fixed clock of `tests/support/app.ts`.
 * Refresh with `bun run golden:update` after an intended change, and review the diff.
 */
import { describe, test } from "bun:test";
import { as, send, testApp } from "../support/app.ts";
import { expectGolden } from "../support/golden.ts";

const app = testApp();

describe("golden: the terminal profile", () => {
  test("in colour matches profile.ansi.txt", async () => {
    expectGolden("profile.ansi.txt", await (await send(app, "/api/curl", as.curl)).text());
  });

  test("without colour matches profile.plain.txt", async () => {
    expectGolden("profile.plain.txt", await (await send(app, "/api/curl?nocolor", as.curl)).text());
  });
});

describe("golden: the browser page", () => {
  test("matches profile.html", async () => {
    expectGolden("profile.html", await (await send(app, "/", as.browser)).text());
  });
});
