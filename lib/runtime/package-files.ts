/**
 * @module Files a package ships that the code reads as bytes while it runs (a font, a wasm
 * module), by their package path (`@resvg/resvg-wasm/index_bg.wasm`): found as module
 * resolution finds them, in node_modules, on every runtime run from source. The
 * executable carries those the features name (`packageFiles`, `scripts/build.ts`), and
 * its entry point reads them there instead.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/** Reads a package's file, by its package path. */
export type PackageFiles = (path: string) => Promise<Uint8Array<ArrayBuffer>>;

/** Each file where module resolution finds it. */
export const fromNodeModules: PackageFiles = async (path) =>
  new Uint8Array(await readFile(fileURLToPath(import.meta.resolve(path))));
