/** @module The start-up error of a bad environment variable: one line, naming it. */

export type Env = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`${variable}: ${problem}`);
    this.name = "ConfigError";
  }
}
