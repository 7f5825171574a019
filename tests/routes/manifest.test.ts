import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { METHODS } from "../../lib/http/route.ts";
import { routes } from "../../routes/_manifest.gen.ts";
import { currentManifest, renderManifest, urlPathOf } from "../../scripts/gen-routes.ts";
import { testApp } from "../support/app.ts";

test("the checked-in manifest is exactly what the routes/ folder generates", () => {
  const checkedIn = readFileSync(join(import.meta.dir, "..", "..", "routes", "_manifest.gen.ts"), "utf8");
  expect(checkedIn).toBe(currentManifest());
});

const ROUTES_DIR = join(import.meta.dir, "..", "..", "routes");
const servedByApp = () =>
  testApp()
    .routes.filter(({ path }) => !path.startsWith("/api/docs"))
    .map(({ method, path }) => `${method} ${path}`)
    .sort();

test("the app serves one path per file in routes/", () => {
  const files = readdirSync(ROUTES_DIR, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.split("/").some((part) => part.startsWith("_")))
    .map((file) => urlPathOf(file.split("\\").join("/")));
  const paths = [...new Set(servedByApp().map((line) => line.split(" ")[1]))].sort();
  expect(paths).toEqual(files.sort());
  expect(paths).toContain("/api/rin.json");
});

test("the app answers exactly the methods each route file exports", () => {
  const declared = routes
    .flatMap(([path, module]) =>
      METHODS.filter((method) => module[method]).map((method) => `${method} ${path}`),
    )
    .sort();
  expect(servedByApp()).toEqual(declared);
});

test("file paths map to URL paths", () => {
  expect(urlPathOf("index.ts")).toBe("/");
  expect(urlPathOf("api/ping.ts")).toBe("/api/ping");
  expect(urlPathOf("api/rin.json.ts")).toBe("/api/rin.json");
  expect(urlPathOf("api/index.ts")).toBe("/api");
  expect(urlPathOf("robots.txt.ts")).toBe("/robots.txt");
  expect(urlPathOf(".well-known/security.txt.ts")).toBe("/.well-known/security.txt");
});

test("the generator refuses two files claiming one URL, and odd segments", () => {
  expect(() => renderManifest(["api.ts", "api/index.ts"])).toThrow("both claim /api");
  expect(() => renderManifest(["api/Ping.ts"])).toThrow("not a plain lower-case URL segment");
  expect(() => renderManifest([".hidden/x.ts"])).toThrow("not a plain lower-case URL segment");
});
