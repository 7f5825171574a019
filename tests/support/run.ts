/** Test support: a command run to its end, as a person or a release script runs it. */

export interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `command` and waits for it to exit; its output is collected, never shown. */
export async function runCommand(
  command: string[],
  options: { cwd?: string; env?: Record<string, string | undefined> } = {},
): Promise<Ran> {
  const child = Bun.spawn(command, { ...options, stdout: "pipe", stderr: "pipe" });
  const [code, stdout, stderr] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  return { code, stdout, stderr };
}

/** `bun run` and `deno task` frame a script with lines of their own (`$ bun run ...`); the rest. */
export function scriptLines(output: string): string[] {
  return output.split("\n").filter((line) => line.trim() !== "" && !/^(\$ |error: script |Task )/.test(line));
}
