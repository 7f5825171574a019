/**
 * @module The reference servers, compiled as `bun run build` compiles the app (one
 * executable, bytecode), so that start-up and memory compare like with like.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The servers in this folder, by what they show. */
export const REFERENCES = {
  /** Nothing but the runtime. */
  bare: "bare.ts",
  /** The runtime doing what the API needs of its built-ins. */
  builtIns: "built-ins.ts",
} as const;
export type Reference = keyof typeof REFERENCES;

/** Compiles every reference server into a new temporary folder; their executables' paths. */
export async function compileReferences(): Promise<Record<Reference, string>> {
  const dir = mkdtempSync(join(tmpdir(), "bench-reference-"));
  const compiled = async (source: string) => {
    const outfile = join(dir, source.replace(/\.ts$/, ""));
    const build = await Bun.build({
      target: "bun",
      entrypoints: [join(import.meta.dir, source)],
      compile: { outfile },
      bytecode: true,
    });
    if (!build.success) throw new AggregateError(build.logs, `cannot compile bench/reference/${source}`);
    return outfile;
  };
  return { bare: await compiled(REFERENCES.bare), builtIns: await compiled(REFERENCES.builtIns) };
}
