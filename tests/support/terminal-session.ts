/**
 * @module A command run in a pseudo-terminal 200 columns wide, as a person at a prompt
 * runs it: what it has shown, and a conversation held with it, prompt by prompt.
 */
import { expect } from "bun:test";

/** What the command shows, then what is typed at it (`undefined`: only shown, nothing typed). */
export type Conversation = readonly (readonly [shown: string, typed: string | undefined])[];

export function inTerminal(
  command: string[],
  options: { cwd: string; env: Record<string, string | undefined> },
) {
  const decoder = new TextDecoder();
  let shown = "";
  let seen = 0;
  const child = Bun.spawn(command, {
    ...options,
    terminal: {
      cols: 200,
      data: (_terminal, data) => {
        shown += decoder.decode(data, { stream: true });
      },
    },
  });
  /** Waits up to 10 s for `text` after what it showed last, and says whether it came. */
  async function shows(text: string): Promise<boolean> {
    const deadline = performance.now() + 10_000;
    while (shown.indexOf(text, seen) < 0 && performance.now() < deadline) await Bun.sleep(20);
    const at = shown.indexOf(text, seen);
    if (at >= 0) seen = at + text.length;
    return at >= 0;
  }
  /** Ends the command and its terminal, whatever it was doing. */
  function close(): void {
    child.kill();
    child.terminal?.close();
  }
  /** Each text shown in turn, each answer typed after it; then the command must exit 0. */
  async function converse(conversation: Conversation): Promise<void> {
    try {
      for (const [text, answer] of conversation) {
        expect({ text, shown: await shows(text) }).toEqual({ text, shown: true });
        if (answer !== undefined) child.terminal?.write(`${answer}\r`);
      }
      expect(await child.exited).toBe(0);
    } finally {
      close();
    }
  }
  return { child, screen: () => shown, shows, close, converse };
}
