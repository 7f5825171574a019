/**
 * @module Where the content's files are read from: `content/` as built into the app (its
 * files imported as text by the generated `built-in.gen.ts`, so that a compiled
 * executable and Deno carry them), or a folder that `CONTENT_DIR` names, whose files
 * take the place of the built-in files of the same name. A file is parsed when it is
 * read, so a syntax error is a one-line refusal with its line and column (`parse.ts`).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BUILT_IN_CONTENT } from "./built-in.gen.ts";
import { ContentError } from "./content-error.ts";
import { type ContentFile, checkContentFile } from "./content-file.ts";
import { parseContentFile } from "./parse.ts";

/** A file's parsed JSON, and the folder it was read from, as the owner knows it. */
export interface ReadFile {
  readonly value: unknown;
  readonly folder: string;
}

export interface ContentFiles {
  /** The file named `name`, parsed; throws a `ContentError` when it is missing or not JSON. */
  read(name: string): ReadFile;
  /** The name of every file there is. */
  names(): string[];
}

const BUILT_IN_FOLDER = "content";

/** `content/`, as built into the app. */
export const builtInFiles: ContentFiles = {
  read(name) {
    const text = BUILT_IN_CONTENT[name];
    if (text === undefined) throw new ContentError(name, "", "is missing", BUILT_IN_FOLDER);
    return { value: parseContentFile(name, text), folder: BUILT_IN_FOLDER };
  },
  names: () => Object.keys(BUILT_IN_CONTENT),
};

/** The names of both lists, each once, sorted. */
const both = (some: readonly string[], others: readonly string[]) =>
  [...new Set([...some, ...others])].sort();

/** The files in `dir`, each in place of the file of its name in `under`; the rest are `under`'s. */
export function folderFiles(dir: string, under: ContentFiles = builtInFiles): ContentFiles {
  return {
    read(name) {
      let text: string;
      try {
        text = readFileSync(join(dir, name), "utf8");
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === "ENOENT") return under.read(name);
        throw new ContentError(name, "", `cannot be read (${code ?? "unreadable"})`, dir);
      }
      try {
        return { value: parseContentFile(name, text), folder: dir };
      } catch (error) {
        throw error instanceof ContentError ? error.inFolder(dir) : error;
      }
    },
    names() {
      const here = readdirSync(dir).filter((name) => name.endsWith(".json"));
      return both(here, under.names());
    },
  };
}

/**
 * Files given as values, each in place of the file of its name in `under`: content
 * written in code (a test's), named as if it were in `content/`.
 */
export function filesOf(
  values: Readonly<Record<string, unknown>>,
  under: ContentFiles = builtInFiles,
): ContentFiles {
  return {
    read: (name) =>
      name in values ? { value: structuredClone(values[name]), folder: BUILT_IN_FOLDER } : under.read(name),
    names: () => both(Object.keys(values), under.names()),
  };
}

/** A content file of `files`, checked (`checkContentFile`); a mistake names the folder it was read from. */
export function readContentFile<T>(files: ContentFiles, file: ContentFile<T>, siteUrl: string): T {
  const { value, folder } = files.read(file.name);
  try {
    return checkContentFile(file, value, siteUrl);
  } catch (error) {
    throw error instanceof ContentError ? error.inFolder(folder) : error;
  }
}
