import { expect, test } from "bun:test";
import { lineBatch } from "../lib/line-batch.ts";

test("lines written within the delay go out in one write, in order", async () => {
  const writes: string[] = [];
  const lines = lineBatch((text) => writes.push(text));
  lines.write("a");
  lines.write("b");
  lines.write("c");
  expect(writes).toEqual([]);
  await Bun.sleep(40);
  expect(writes).toEqual(["a\nb\nc"]);
});

test("flush writes what is queued at once, and nothing when nothing is", () => {
  const writes: string[] = [];
  const lines = lineBatch((text) => writes.push(text));
  lines.write("before exit");
  lines.flush();
  lines.flush();
  expect(writes).toEqual(["before exit"]);
});

test("a full batch is written without waiting for the next turn", () => {
  const writes: string[] = [];
  const lines = lineBatch((text) => writes.push(text), 3);
  for (const line of ["1", "2", "3", "4"]) lines.write(line);
  expect(writes).toEqual(["1\n2\n3"]);
});
