/**
 * @module The terminal renderer (`lib/ansi`), loaded by the first request that wants
 * text. Importing it loads ansis and string-width, and ansis probes our stdout for colour
 * support as it loads, which on Bun loads Node's stream modules: milliseconds and
 * megabytes before the first request, for output that monitors and browsers never get.
 */
export type TerminalRenderer = typeof import("./ansi/index.ts");

let loaded: TerminalRenderer | undefined;
let loading: Promise<TerminalRenderer> | undefined;

/** `use(renderer)`: at once when the renderer is loaded, after loading it the first time. */
export function withTerminalRenderer<T>(use: (renderer: TerminalRenderer) => T): T | Promise<T> {
  if (loaded) return use(loaded);
  loading ??= import("./ansi/index.ts").then((renderer) => {
    loaded = renderer;
    return renderer;
  });
  return loading.then(use);
}
