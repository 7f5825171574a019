/**
 * docs/architecture.md draws the map of the code and its layers; this keeps both true.
 * Every folder the map opens must list exactly the files it holds, no more, no fewer; and
 * every import of the code (type imports too) runs down the layers the document lists,
 * closing no circle between files or between folders.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

const root = join(import.meta.dir, "..");
const architecture = readFileSync(join(root, "docs", "architecture.md"), "utf8");

/** The map: the paths in the first fenced block under `## Map`, from their indentation. */
function mappedPaths(markdown: string): Map<string, boolean> {
  const section = markdown.slice(markdown.indexOf("## Map"));
  const block = section.slice(section.indexOf("```") + 3, section.indexOf("```", section.indexOf("```") + 3));
  const paths = new Map<string, boolean>();
  const parents: string[] = [];
  for (const line of block.split("\n").filter((l) => l.trim() !== "")) {
    const depth = (line.length - line.trimStart().length) / 2;
    const name = line.trim().split(/\s{2,}/)[0] as string;
    parents.length = depth;
    const path = [...parents, name].join("");
    paths.set(path.replace(/\/$/, ""), name.endsWith("/"));
    if (name.endsWith("/")) parents.push(name);
  }
  return paths;
}

const mapped = mappedPaths(architecture);
/** Folders the map opens: those with at least one entry of their own listed. */
const opened = [...mapped.entries()]
  .filter(([path, isFolder]) => isFolder && [...mapped.keys()].some((other) => other.startsWith(`${path}/`)))
  .map(([path]) => path);

test("the map reads as a tree of real files and folders", () => {
  expect(opened).toContain("lib/http");
  for (const [path, isFolder] of mapped) {
    expect({ path, isFolder: statSync(join(root, path), { throwIfNoEntry: false })?.isDirectory() }).toEqual({
      path,
      isFolder,
    });
  }
});

/** The files of the tree as git sees it: tracked, or new and not ignored. */
const files = Bun.spawnSync(["git", "ls-files", "--cached", "--others", "--exclude-standard"], { cwd: root })
  .stdout.toString()
  .split("\n")
  .filter((file) => file !== "" && statSync(join(root, file), { throwIfNoEntry: false }) !== undefined);

test.each(opened)("%s/ lists exactly the files and folders it holds", (folder) => {
  const children = files
    .filter((file) => file.startsWith(`${folder}/`))
    .map((file) => `${folder}/${file.slice(folder.length + 1).split("/")[0]}`)
    // Dot files are tools' settings; `.well-known` is a URL folder of routes/, and mapped.
    .filter((path) => {
      const name = path.split("/").at(-1) ?? "";
      return !name.startsWith(".") || name === ".well-known";
    });
  const onDisk = [...new Set(children)].sort();
  const listed = [...mapped.keys()].filter(
    (path) => path.startsWith(`${folder}/`) && !path.slice(folder.length + 1).includes("/"),
  );
  expect(listed.sort()).toEqual(onDisk);
});

/** The layers, bottom first: the paths of the numbered list under `## Layers`, each a folder or a file. */
const LAYERS: string[] = [
  ...architecture
    .slice(architecture.indexOf("## Layers"), architecture.indexOf("## Map"))
    .matchAll(/^\d+\. `([^`]+)`/gm),
].map((match) => (match[1] as string).replace(/\/$/, ""));

/** The layer a file belongs to: the last listed path it is, or is under; -1 for none. */
function layerOf(file: string): number {
  return LAYERS.findLastIndex((layer) => file === layer || file.startsWith(`${layer}/`));
}

/** The code the layers order: TypeScript outside the tests. */
const code = files.filter((file) => /\.ts$/.test(file) && !file.startsWith("tests/"));

/** Every import, export-from and dynamic import of a module that is one of this tree's, type imports included. */
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|(?:^|\n)\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

const imports = new Map<string, string[]>(
  code.map((file) => {
    const source = readFileSync(join(root, file), "utf8");
    const targets = [...source.matchAll(IMPORT)]
      .map((match) => match[1] ?? match[2] ?? match[3] ?? "")
      .filter((specifier) => specifier.startsWith("."))
      .map((specifier) => normalize(join(dirname(file), specifier)))
      .filter((target) => code.includes(target));
    return [file, targets];
  }),
);

/** The circles of `graph`: each a set of nodes that reach one another (Tarjan's strongly connected components). */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const circle = stack.splice(stack.indexOf(node));
      if (circle.length > 1) found.push(circle.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("the layers", () => {
  test("are listed, bottom first, and every file of the code is in one", () => {
    expect(LAYERS.slice(0, 2)).toEqual(["lib/utils", "lib/runtime"]);
    expect(code.filter((file) => layerOf(file) === -1)).toEqual([]);
  });

  test("every import runs down the layers, or within a folder of one", () => {
    const uphill = [...imports].flatMap(([file, targets]) =>
      targets.filter((target) => layerOf(target) > layerOf(file)).map((target) => `${file} -> ${target}`),
    );
    expect(uphill).toEqual([]);
  });

  test("the core imports nothing but the core: it names no feature, at any layer", () => {
    const core = [
      "lib/utils",
      "lib/runtime",
      "lib/content",
      "lib/metrics",
      "lib/http",
      "lib/site",
      "lib/app",
    ];
    const inCore = (file: string) => core.some((folder) => file.startsWith(`${folder}/`));
    const reaching = [...imports].flatMap(([file, targets]) =>
      inCore(file) ? targets.filter((target) => !inCore(target)).map((target) => `${file} -> ${target}`) : [],
    );
    expect(reaching).toEqual([]);
  });

  test("no circle of imports between files", () => {
    expect(circles(imports)).toEqual([]);
  });

  test("no circle of imports between folders", () => {
    const folders = new Map<string, string[]>();
    for (const [file, targets] of imports) {
      const from = dirname(file);
      const to = targets.map(dirname).filter((folder) => folder !== from);
      folders.set(from, [...new Set([...(folders.get(from) ?? []), ...to])]);
    }
    expect(circles(folders)).toEqual([]);
  });

  test("the judge is awake: an import up a layer, and a circle within a folder, are found", () => {
    const planted = new Map(imports);
    const plant = (file: string, target: string) => planted.set(file, [...(planted.get(file) ?? []), target]);
    plant("lib/doors/doors.ts", "lib/app/start.ts");
    plant("lib/runtime/log.ts", "lib/runtime/config.ts");
    const uphill = [...planted].flatMap(([file, targets]) =>
      targets.filter((target) => layerOf(target) > layerOf(file)).map((target) => `${file} -> ${target}`),
    );
    expect(uphill).toEqual(["lib/doors/doors.ts -> lib/app/start.ts"]);
    expect(circles(planted)).toEqual([["lib/runtime/config.ts", "lib/runtime/log.ts"]]);
  });
});
