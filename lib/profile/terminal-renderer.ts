/**
 * @module The terminal renderer (`lib/ansi`), loaded by the first request that wants
 * text. Importing it loads ansis and string-width, and ansis probes our stdout for colour
 * support as it loads, which on Bun loads Node's stream modules: milliseconds and
 * megabytes before the first request, for output that monitors and browsers never get.
 */
export type TerminalRenderer = typeof import("./ansi/index.ts");

/**
 * Runs `use(module, input)`, loading the module first if this is the first use. The
 * input is passed through rather than captured, so a request needs no closure of its own.
 */
export type WithModule<M> = <Input, T>(use: (module: M, input: Input) => T, input: Input) => T | Promise<T>;

/**
 * A module loaded on first use: the first call waits for `load` (once, however many
 * calls wait), every later call gets the module at once, with no promise.
 */
export function loadedOnFirstUse<M>(load: () => Promise<M>): WithModule<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  return function withModule(use, input) {
    if (loaded) return use(loaded, input);
    loading ??= load().then((module) => {
      loaded = module;
      return module;
    });
    return loading.then((module) => use(module, input));
  };
}

export const withTerminalRenderer: WithModule<TerminalRenderer> = loadedOnFirstUse(
  () => import("./ansi/index.ts"),
);
