/**
 * docs/architecture.md draws the map of the code; this keeps it true. Every folder the map
 * opens must list exactly the files it holds, no more, no fewer.
 */
import { expect, test } from "bun:test";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..");

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

const mapped = mappedPaths(readFileSync(join(root, "docs", "architecture.md"), "utf8"));
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
