import { describe, expect, test } from "bun:test";
import { live } from "../../lib/live/feature.ts";
import { LIVE_SOURCES } from "../../lib/live/sources.ts";
import { loadConfig } from "../../lib/runtime/config.ts";
import { readSettings, settingsOf } from "../support/settings.ts";

describe("configuration", () => {
  test("defaults: port 3000 on every interface, the site at localhost", () => {
    expect(loadConfig({})).toMatchObject({ port: 3000, host: "0.0.0.0", siteUrl: "http://localhost:3000" });
  });

  test("PORT=0 asks the system for any free port", () => {
    expect(loadConfig({ PORT: "0" }).port).toBe(0);
  });

  /** The variables Fly sets in every machine (https://fly.io/docs/machines/runtime-environment/). */
  const ON_FLY = {
    FLY_APP_NAME: "rin",
    FLY_MACHINE_ID: "3d8e1f2a4b5c60",
    FLY_REGION: "iad",
    FLY_PRIVATE_IP: "fdaa:0:18:a7b:7d:f066:b83b:2",
  };

  test("off Fly, metrics are off unless METRICS_PORT is set, and then on loopback only", () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ PORT: "8080" }).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: "9100" }).metrics).toEqual({ host: "127.0.0.1", port: 9100 });
    expect(loadConfig({ METRICS_PORT: "0" }).metrics).toEqual({ host: "127.0.0.1", port: 0 });
    expect(loadConfig({ METRICS_PORT: " off " }).metrics).toBeUndefined();
    // Both 0: two free ports, never the same one.
    expect(loadConfig({ PORT: "0", METRICS_PORT: "0" })).toMatchObject({ port: 0, metrics: { port: 0 } });
  });

  test("METRICS_HOST says where else they listen, as HOST does for the site", () => {
    expect(loadConfig({ METRICS_PORT: "9091", METRICS_HOST: "0.0.0.0" }).metrics).toEqual({
      host: "0.0.0.0",
      port: 9091,
    });
    expect(loadConfig({ METRICS_PORT: "9091", METRICS_HOST: "::1" }).metrics?.host).toBe("::1");
  });

  test("on Fly, 9091 on the machine's private network address, where Fly's Prometheus scrapes", () => {
    expect(loadConfig(ON_FLY).metrics).toEqual({ host: "fdaa:0:18:a7b:7d:f066:b83b:2", port: 9091 });
    expect(loadConfig({ ...ON_FLY, METRICS_PORT: "9100" }).metrics).toEqual({
      host: "fdaa:0:18:a7b:7d:f066:b83b:2",
      port: 9100,
    });
    expect(loadConfig({ ...ON_FLY, METRICS_HOST: "127.0.0.1" }).metrics).toEqual({
      host: "127.0.0.1",
      port: 9091,
    });
    expect(loadConfig({ ...ON_FLY, METRICS_PORT: "off" }).metrics).toBeUndefined();
  });

  test("LOG_FORMAT is json, pretty, or left to whether stdout is a terminal", () => {
    expect(loadConfig({ LOG_FORMAT: "pretty" }).logFormat).toBe("pretty");
    expect(loadConfig({ LOG_FORMAT: " json " }).logFormat).toBe("json");
    expect(loadConfig({}).logFormat).toBeUndefined();
  });

  test("on Fly, the machine is read from the variables Fly sets; elsewhere there is none", () => {
    expect(loadConfig({}).fly).toBeUndefined();
    const env = {
      FLY_APP_NAME: "rin",
      FLY_MACHINE_ID: "3d8e1f2a4b5c60",
      FLY_REGION: "iad",
      PRIMARY_REGION: "ams",
    };
    expect(loadConfig({ ...env, FLY_INTERNAL_DNS: "[fdaa::3]:53", FLY_PRIVATE_IP: "fdaa::2" }).fly).toEqual({
      app: "rin",
      machineId: "3d8e1f2a4b5c60",
      region: "iad",
      primaryRegion: "ams",
      internalDns: "[fdaa::3]:53",
      privateIp: "fdaa::2",
    });
  });

  test("SITE_URL defaults to the chosen port", () => {
    expect(loadConfig({ PORT: "8080" }).siteUrl).toBe("http://localhost:8080");
  });

  test("SITE_URL is normalised to its origin", () => {
    expect(loadConfig({ SITE_URL: "https://Rin.Example/" }).siteUrl).toBe("https://rin.example");
  });

  test("the live activity: read every 300 s, 5 s a read; each source configured from its own variables", () => {
    const { refreshSeconds, timeoutMs, sources } = settingsOf(live, {});
    expect({ refreshSeconds, timeoutMs, sources: sources.length }).toEqual({
      refreshSeconds: 300,
      timeoutMs: 5000,
      sources: LIVE_SOURCES.length,
    });
    expect(settingsOf(live, { LIVE_REFRESH_SECONDS: "60", LIVE_TIMEOUT_MS: "2000" })).toMatchObject({
      refreshSeconds: 60,
      timeoutMs: 2000,
    });
  });

  const refusals: [env: Record<string, string>, message: string][] = [
    [{ LIVE_REFRESH_SECONDS: "0" }, 'LIVE_REFRESH_SECONDS: must be a whole number from 1 to 86400, got "0"'],
    [{ LIVE_REFRESH_SECONDS: "5m" }, "LIVE_REFRESH_SECONDS: must be a whole number from 1 to 86400"],
    [{ LIVE_TIMEOUT_MS: "10" }, "LIVE_TIMEOUT_MS: must be a whole number from 50 to 60000"],
    [
      { GITHUB_API_URL: "api.github.com" },
      "GITHUB_API_URL: must be an absolute URL such as https://api.github.com",
    ],
    [{ GITHUB_API_URL: "ftp://api.github.com" }, 'GITHUB_API_URL: must use https (or http), got "ftp:"'],
    [{ GITHUB_API_URL: "https://api.github.com/?per_page=1" }, "GITHUB_API_URL: must be the API's root"],
    [{ GITHUB_TOKEN: "ghp_ abc" }, "GITHUB_TOKEN: must be one word of printable ASCII (got 8 characters)"],
    [
      { GITHUB_LOGIN: "-ada" },
      'GITHUB_LOGIN: must be a GitHub login (letters, digits and single hyphens, at most 39) or "off", got "-ada"',
    ],
    [{ GITHUB_LOGIN: "ada--l" }, "GITHUB_LOGIN: must be a GitHub login"],
    [
      { LASTFM_API_KEY: "not-a-key" },
      "LASTFM_API_KEY: must be the 32 hexadecimal characters of a Last.fm API key (got 9 characters)",
    ],
    [
      { LASTFM_USER: "9lives" },
      'LASTFM_USER: must be a Last.fm username (2 to 15 letters, digits, - or _, starting with a letter) or "off", got "9lives"',
    ],
    [
      { LASTFM_API_URL: "ws.audioscrobbler.com/2.0/" },
      "LASTFM_API_URL: must be an absolute URL such as https://ws.audioscrobbler.com/2.0/",
    ],
    [
      { LASTFM_API_URL: "https://ws.audioscrobbler.com/2.0/?format=xml" },
      "LASTFM_API_URL: must be the API's root",
    ],
    [{ PORT: "eighty" }, 'PORT: must be a whole number from 0 to 65535, got "eighty"'],
    [{ PORT: "70000" }, "PORT: must be a whole number from 0 to 65535"],
    [{ PORT: "-1" }, "PORT: must be a whole number from 0 to 65535"],
    [
      { METRICS_PORT: "prometheus" },
      'METRICS_PORT: must be a whole number from 0 to 65535, or "off", got "prometheus"',
    ],
    [{ METRICS_PORT: "70000" }, 'METRICS_PORT: must be a whole number from 0 to 65535, or "off"'],
    [{ METRICS_PORT: "OFF" }, 'METRICS_PORT: must be a whole number from 0 to 65535, or "off"'],
    [{ ...ON_FLY, PORT: "9091" }, "METRICS_PORT: must differ from PORT (9091): the metrics are not public"],
    [{ PORT: "8080", METRICS_PORT: "8080" }, "METRICS_PORT: must differ from PORT (8080)"],
    [
      { METRICS_HOST: "127.0.0.1" },
      "METRICS_HOST: serves nothing while metrics are off: set METRICS_PORT too",
    ],
    [{ METRICS_PORT: "9091", METRICS_HOST: "local host" }, "METRICS_HOST: must be a host name or IP address"],
    [
      { FLY_APP_NAME: "rin", FLY_MACHINE_ID: "3d8e1f2a4b5c60", FLY_REGION: "ams" },
      "FLY_PRIVATE_IP: must be set on Fly (FLY_APP_NAME is): the metrics listen on it",
    ],
    [{ FLY_PRIVATE_IP: "10.0.0.2" }, "FLY_PRIVATE_IP: must be an IPv6 address"],
    [{ LOG_FORMAT: "xml" }, 'LOG_FORMAT: must be "json" or "pretty", got "xml"'],
    [{ HOST: "local host" }, "HOST: must be a host name or IP address"],
    [{ SITE_URL: "rin.example" }, "SITE_URL: must be an absolute URL"],
    [{ SITE_URL: "ftp://rin.example" }, "SITE_URL: must use http or https"],
    [{ SITE_URL: "https://rin.example/blog" }, "SITE_URL: must be an origin only"],
    [
      { FLY_MACHINE_ID: "3d8e1f2a4b5c60", FLY_REGION: "ams" },
      "FLY_APP_NAME: must be set when FLY_MACHINE_ID is",
    ],
    [{ FLY_APP_NAME: "rin", FLY_REGION: "ams" }, "FLY_MACHINE_ID: must be set when FLY_APP_NAME is"],
    [{ FLY_APP_NAME: "rin", FLY_MACHINE_ID: "3d8e1f2a4b5c60" }, "FLY_REGION: must be set on Fly"],
    [{ FLY_APP_NAME: "Rin Site" }, "FLY_APP_NAME: must be an app name"],
    [{ PRIMARY_REGION: "amsterdam" }, "PRIMARY_REGION: must be a three-letter region code"],
    [{ FLY_INTERNAL_DNS: "fdaa::3" }, "FLY_INTERNAL_DNS: must be host:port"],
  ];
  for (const [env, message] of refusals) {
    test(`refuses ${JSON.stringify(env)} with one line naming the variable`, () => {
      expect(() => readSettings(env)).toThrow(message);
    });
  }
});
