/** Test support: a feature's settings, read from an environment as start-up reads them. */
import { FEATURES } from "../../lib/features.ts";
import { type Env, loadConfig } from "../../lib/runtime/config.ts";
import type { Feature } from "../../lib/site/feature.ts";

/** What `feature` reads of `env`, with the core's configuration of the same `env` at hand. */
export function settingsOf<Settings>(feature: Feature<unknown, Settings>, env: Env): Settings {
  const { settings } = feature;
  if (!settings) throw new Error(`the ${feature.name} feature reads no variables`);
  return settings.read(env, loadConfig(env));
}

/** Reads `env` as start-up does: the core's variables, then every feature's; throws the first `ConfigError`. */
export function readSettings(env: Env): void {
  const core = loadConfig(env);
  for (const feature of FEATURES) feature.settings?.read(env, core);
}
