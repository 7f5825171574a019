/**
 * @module A content file's text as the project's formatter writes it: the JSON indented,
 * then as `biome format` has it, so that a file a command writes passes `biome ci`, which
 * the release pipeline runs before it deploys. Without biome (an install without the
 * project's dev dependencies), the indented JSON.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");
const BIOME = join(ROOT, "node_modules", ".bin", "biome");

/**
 * The text of a file at `path` that holds `value`, ending in a newline. biome is given the
 * JSON on one line, so that it lays every object and list out as it fits the width, as the
 * shipped files are: an edit then changes only the lines of what it changed.
 */
export function contentJson(path: string, value: unknown): string {
  const indented = `${JSON.stringify(value, null, 2)}\n`;
  if (!existsSync(BIOME)) return indented;
  // biome.json is read from the working folder; `path` names the file it would be.
  const formatted = spawnSync(BIOME, ["format", `--stdin-file-path=${path}`], {
    cwd: ROOT,
    input: JSON.stringify(value),
    encoding: "utf8",
  });
  return formatted.status === 0 && formatted.stdout.trim() !== "" ? formatted.stdout : indented;
}
