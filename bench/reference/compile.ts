/**
 * @module The reference servers, compiled as `bun run build` compiles the app (one
 * executable, bytecode), so that start-up and memory compare like with like.
 */
import { join } from "node:path";

/** The servers in this folder, by what they show. */
export const REFERENCES = {
  /** Nothing but the runtime. */
  bare: "bare.ts",
  /** The runtime doing what the API needs of its built-ins. */
  builtIns: "built-ins.ts",
} as const;
export type Reference = keyof typeof REFERENCES;

/** Compiles every reference server into the folder `dir`; their executables' paths. */
export async function compileReferences(dir: string): Promise<Record<Reference, string>> {
  const compiled = async ([reference, source]: [string, string]) => {
    const outfile = join(dir, source.replace(/\.ts$/, ""));
    const build = await Bun.build({
      target: "bun",
      entrypoints: [join(import.meta.dir, source)],
      compile: { outfile },
      bytecode: true,
    });
    if (!build.success) throw new AggregateError(build.logs, `cannot compile bench/reference/${source}`);
    return [reference, outfile] as const;
  };
  const executables = [];
  for (const entry of Object.entries(REFERENCES)) executables.push(await compiled(entry));
  return Object.fromEntries(executables) as Record<Reference, string>;
}
