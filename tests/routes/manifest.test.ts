import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FEATURES } from "../../lib/features.ts";
import { ANY_PATH } from "../../lib/http/pipeline.ts";
import { METHODS, servedPath } from "../../lib/http/route.ts";
import type { Site } from "../../lib/site/site.ts";
import { routes } from "../../routes/_manifest.gen.ts";
import { currentManifests, renderManifest, urlPathOf } from "../../scripts/gen-routes.ts";
import { sample, testApp, testSite } from "../support/app.ts";
import { profileWith } from "../support/owners.ts";

/** A route file's path, as the app serves it for the sample owner. */
const served = (path: string) => servedPath(path, sample.profile.handle);

test("the checked-in manifests are exactly what routes/ and content/ generate", () => {
  for (const { path, text } of currentManifests()) expect(readFileSync(path, "utf8")).toBe(text);
});

const ROUTES_DIR = join(import.meta.dir, "..", "..", "routes");
/** What the features serve beside the route files: the docs, the page's script, the preview image. */
function servedByFeatures(site: Site): Set<string> {
  return new Set(
    FEATURES.flatMap((feature) => feature.serves?.(site.service(feature), site) ?? []).map(
      ({ path }) => path,
    ),
  );
}

const servedByApp = () => {
  const { app, site } = testSite();
  const byFeatures = servedByFeatures(site);
  // Not route files: what the features serve, and the app's last route, for whatever no other answers.
  return app.routes
    .filter(({ path }) => !byFeatures.has(path) && path !== ANY_PATH)
    .map(({ method, path }) => `${method} ${path}`)
    .sort();
};

test("the app serves one path per file in routes/", () => {
  const files = readdirSync(ROUTES_DIR, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.split("/").some((part) => part.startsWith("_")))
    .map((file) => served(urlPathOf(file.split("\\").join("/"))));
  const paths = [...new Set(servedByApp().map((line) => line.split(" ")[1]))].sort();
  expect(paths).toEqual(files.sort());
  expect(paths).toContain(`/api/${sample.profile.handle}.json`);
});

test("the app answers exactly the methods each route file exports", () => {
  const declared = routes
    .flatMap(([path, module]) =>
      METHODS.filter((method) => module[method]).map((method) => `${method} ${served(path)}`),
    )
    .sort();
  expect(servedByApp()).toEqual(declared);
});

test("file paths map to URL paths", () => {
  expect(urlPathOf("index.ts")).toBe("/");
  expect(urlPathOf("api/ping.ts")).toBe("/api/ping");
  expect(urlPathOf("api/example.json.ts")).toBe("/api/example.json");
  expect(urlPathOf("api/{handle}.json.ts")).toBe("/api/{handle}.json");
  expect(urlPathOf("api/index.ts")).toBe("/api");
  expect(urlPathOf("example.txt.ts")).toBe("/example.txt");
  expect(urlPathOf(".well-known/example.txt.ts")).toBe("/.well-known/example.txt");
});

test("the generator refuses two files claiming one URL, and odd segments", () => {
  expect(() => renderManifest(["api.ts", "api/index.ts"])).toThrow("both claim /api");
  expect(() => renderManifest(["api/Ping.ts"])).toThrow("not a plain lower-case URL segment");
  expect(() => renderManifest([".hidden/x.ts"])).toThrow("not a plain lower-case URL segment");
});

test("the profile's paths follow the owner's handle, and the rest of the table does not", () => {
  const paths = testApp({ files: profileWith({ handle: "someone-else" }) }).routes.map(({ path }) => path);
  const { handle } = sample.profile;
  expect(paths).toContain("/api/someone-else.json");
  expect(paths).toContain("/api/someone-else.md");
  expect(paths).not.toContain(`/api/${handle}.json`);
  expect(paths.filter((path) => !path.includes("someone-else"))).toEqual(
    testApp()
      .routes.map(({ path }) => path)
      .filter((path) => !path.startsWith(`/api/${handle}.`)),
  );
});
