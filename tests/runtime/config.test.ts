import { describe, expect, test } from "bun:test";
import { loadConfig } from "../../lib/runtime/config.ts";

describe("configuration", () => {
  test("defaults: port 3000 on every interface, the site at localhost", () => {
    expect(loadConfig({})).toMatchObject({ port: 3000, host: "0.0.0.0", siteUrl: "http://localhost:3000" });
  });

  test("PORT=0 asks the system for any free port", () => {
    expect(loadConfig({ PORT: "0" }).port).toBe(0);
  });

  test("METRICS_PORT: 9091 unless set; 0 asks for any free port, like PORT; off serves no metrics", () => {
    expect(loadConfig({}).metricsPort).toBe(9091);
    expect(loadConfig({ METRICS_PORT: "9100" }).metricsPort).toBe(9100);
    expect(loadConfig({ METRICS_PORT: "0" }).metricsPort).toBe(0);
    expect(loadConfig({ METRICS_PORT: " off " }).metricsPort).toBeUndefined();
    // Both 0: two free ports, never the same one.
    expect(loadConfig({ PORT: "0", METRICS_PORT: "0" })).toMatchObject({ port: 0, metricsPort: 0 });
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
    expect(loadConfig({ ...env, FLY_INTERNAL_DNS: "[fdaa::3]:53" }).fly).toEqual({
      app: "rin",
      machineId: "3d8e1f2a4b5c60",
      region: "iad",
      primaryRegion: "ams",
      internalDns: "[fdaa::3]:53",
    });
  });

  test("SITE_URL defaults to the chosen port", () => {
    expect(loadConfig({ PORT: "8080" }).siteUrl).toBe("http://localhost:8080");
  });

  test("SITE_URL is normalised to its origin", () => {
    expect(loadConfig({ SITE_URL: "https://Rin.Example/" }).siteUrl).toBe("https://rin.example");
  });

  const refusals: [env: Record<string, string>, message: string][] = [
    [{ PORT: "eighty" }, 'PORT: must be a whole number from 0 to 65535, got "eighty"'],
    [{ PORT: "70000" }, "PORT: must be a whole number from 0 to 65535"],
    [{ PORT: "-1" }, "PORT: must be a whole number from 0 to 65535"],
    [
      { METRICS_PORT: "prometheus" },
      'METRICS_PORT: must be a whole number from 0 to 65535, or "off", got "prometheus"',
    ],
    [{ METRICS_PORT: "70000" }, 'METRICS_PORT: must be a whole number from 0 to 65535, or "off"'],
    [{ METRICS_PORT: "OFF" }, 'METRICS_PORT: must be a whole number from 0 to 65535, or "off"'],
    [{ PORT: "9091" }, "METRICS_PORT: must differ from PORT (9091): the metrics are not public"],
    [{ PORT: "8080", METRICS_PORT: "8080" }, "METRICS_PORT: must differ from PORT (8080)"],
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
      expect(() => loadConfig(env)).toThrow(message);
    });
  }
});
