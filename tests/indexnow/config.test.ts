import { describe, expect, it } from "bun:test";
import { DEFAULT_ENDPOINTS } from "../../lib/indexnow/config.ts";
import { indexNow } from "../../lib/indexnow/feature.ts";
import { ConfigError } from "../../lib/runtime/config.ts";
import { settingsOf } from "../support/settings.ts";

const SITE_URL = "https://rin.example";

describe("INDEXNOW_* configuration", () => {
  it("defaults to no key, Bing and Yandex, a 300 s cooldown and a 5 s timeout", () => {
    expect(settingsOf(indexNow, { SITE_URL })).toEqual({
      key: undefined,
      endpoints: ["https://www.bing.com/indexnow", "https://yandex.com/indexnow"],
      cooldownSeconds: 300,
      timeoutMs: 5000,
    });
    expect(DEFAULT_ENDPOINTS).toHaveLength(2);
  });

  it.each(["abcd1234", "A-b-C-9".padEnd(128, "x"), "5f2b9c0e-4d7a-41c8"])("accepts the key %s", (key) => {
    expect(settingsOf(indexNow, { INDEXNOW_KEY: key }).key).toBe(key);
  });

  it.each([
    ["too short", "abc1234"],
    ["too long", "a".repeat(129)],
    ["an underscore", "abcd_1234"],
    ["a space", "abcd 1234"],
    ["a slash", "abcd/1234"],
  ])("stops start-up on a key with %s, naming INDEXNOW_KEY in one line", (_, key) => {
    expect(() => settingsOf(indexNow, { INDEXNOW_KEY: key })).toThrow(ConfigError);
    expect(() => settingsOf(indexNow, { INDEXNOW_KEY: key })).toThrow(
      /^INDEXNOW_KEY: must be 8 to 128 characters/,
    );
  });

  it("never echoes the key in its error", () => {
    expect(() => settingsOf(indexNow, { INDEXNOW_KEY: "secret_value_1" })).not.toThrow(/secret_value_1/);
  });

  it("reads INDEXNOW_ENDPOINTS as a comma-separated list", () => {
    const config = settingsOf(indexNow, {
      INDEXNOW_ENDPOINTS: " https://a.example/indexnow , http://127.0.0.1:9/x ,",
    });
    expect(config.endpoints).toEqual(["https://a.example/indexnow", "http://127.0.0.1:9/x"]);
  });

  it.each([
    ["not-a-url", /is not an absolute URL/],
    ["ftp://a.example/indexnow", /must use https/],
    ["https://a.example/x,https://a.example/x", /same endpoint twice/],
    [" , ", /names no endpoint/],
  ])("rejects INDEXNOW_ENDPOINTS=%s", (value, problem) => {
    expect(() => settingsOf(indexNow, { INDEXNOW_ENDPOINTS: value })).toThrow(problem);
  });

  it("reads the cooldown (0 disables it) and the timeout", () => {
    const config = settingsOf(indexNow, { INDEXNOW_COOLDOWN_SECONDS: "0", INDEXNOW_TIMEOUT_MS: "250" });
    expect(config.cooldownSeconds).toBe(0);
    expect(config.timeoutMs).toBe(250);
  });

  it.each([
    ["INDEXNOW_COOLDOWN_SECONDS", "-1"],
    ["INDEXNOW_COOLDOWN_SECONDS", "5m"],
    ["INDEXNOW_TIMEOUT_MS", "10"],
    ["INDEXNOW_TIMEOUT_MS", "1.5"],
  ])("rejects %s=%s naming the variable", (variable, value) => {
    expect(() => settingsOf(indexNow, { [variable]: value })).toThrow(
      new RegExp(`^${variable}: must be a whole number`),
    );
  });
});
