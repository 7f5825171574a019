/**
 * @module A mistake in a content file, in one line: the file, where in it (a field's
 * JSON pointer, or a line and column for JSON syntax), and what is wrong, in words.
 */

/** A place in a file's text, counted from 1 as editors count. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

export class ContentError extends Error {
  /**
   * @param file the file's name in the content folder, e.g. `profile.json`
   * @param where a field's JSON pointer (`/experience/0/end`, `""` for the whole file),
   *   or the position of a syntax error
   * @param problem what is wrong, e.g. `is 140; expected a whole number from 0 to 100`
   * @param folder the folder the file was read from, as the owner knows it
   */
  constructor(
    readonly file: string,
    readonly where: string | Position,
    readonly problem: string,
    readonly folder = "content",
  ) {
    super(
      typeof where === "string"
        ? `${folder}/${file}: ${where || "the file"} ${problem}`
        : `${folder}/${file}:${where.line}:${where.column}: ${problem}`,
    );
    this.name = "ContentError";
  }

  /** The same mistake, its file named in `folder`: where the file was read from, as the owner knows it. */
  inFolder(folder: string): ContentError {
    return new ContentError(this.file, this.where, this.problem, folder);
  }
}
