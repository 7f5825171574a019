/**
 * @module Reading environment variables: the start-up error that names a bad one, the
 * parsers every configuration module shares, and how `--help` describes them.
 */

export type Env = Readonly<Record<string, string | undefined>>;

/** What `--help` says of some variables read together: their names, then what they mean, defaults included. */
export interface VariableHelp {
  readonly variables: readonly string[];
  readonly meaning: string;
}

/** A bad variable: one line, naming it and what is wrong. */
export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`${variable}: ${problem}`);
    this.name = "ConfigError";
  }
}

/** The variable's value, trimmed; undefined when unset or blank. */
export function valueIn(env: Env, variable: string): string | undefined {
  const raw = env[variable]?.trim();
  return raw === undefined || raw === "" ? undefined : raw;
}

/** The variable's value when it matches `pattern`, which `what` says in words; undefined when unset or blank. */
export function matching(env: Env, variable: string, pattern: RegExp, what: string): string | undefined {
  const raw = valueIn(env, variable);
  if (raw !== undefined && !pattern.test(raw)) {
    throw new ConfigError(variable, `must be ${what}, got "${raw.slice(0, 64)}"`);
  }
  return raw;
}

/** A whole number from `min` to `max`, or `fallback` when the variable is unset or blank. */
export function wholeNumber(env: Env, variable: string, fallback: number, min: number, max: number): number {
  const raw = valueIn(env, variable);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^[0-9]+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(
      variable,
      `must be a whole number from ${min} to ${max}, got "${raw.slice(0, 32)}"`,
    );
  }
  return value;
}

/**
 * An API's root URL, http or https, with no query, fragment or credentials; `fallback`
 * when the variable is unset or blank. A source's requests are made from it.
 */
export function apiRoot(env: Env, variable: string, fallback: string): URL {
  const raw = valueIn(env, variable);
  if (raw === undefined) return new URL(fallback);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(variable, `must be an absolute URL such as ${fallback}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigError(variable, `must use https (or http), got "${url.protocol}"`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError(variable, "must be the API's root, with no query, fragment or credentials");
  }
  return url;
}
