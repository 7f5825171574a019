/**
 * The paths the tools ask a server process for (`scripts/served-paths.ts`) are the ones that
 * server serves: its configuration read as it reads it, `CONTENT_DIR`'s owner and all.
 */
import { expect, test } from "bun:test";
import { examplePaths } from "../../lib/site/site.ts";
import { routes } from "../../routes/_manifest.gen.ts";
import { serverGetPaths } from "../../scripts/served-paths.ts";
import { getPaths, otherOwner, SITE_URL, sample } from "../support/app.ts";
import { ownerDir } from "../support/owners.ts";

test("a server's GET paths are those of the owner CONTENT_DIR names, at its SITE_URL", () => {
  for (const [owner, content] of [
    ["rin", sample],
    ["anuradha", otherOwner],
  ] as const) {
    const paths = serverGetPaths({ CONTENT_DIR: ownerDir(owner), SITE_URL });
    expect(paths.toSorted()).toEqual(getPaths(content).toSorted());
  }
});

test("without SITE_URL, the paths are those of the site at the host and port the server defaults to", () => {
  const paths = serverGetPaths({ CONTENT_DIR: ownerDir("anuradha"), PORT: "41234" });
  expect(paths).toEqual(examplePaths(routes, otherOwner, "http://localhost:41234"));
});
