/**
 * @module Dropping a file from the kernel's page cache, so that idle memory is measured
 * as a deployed machine has it. A file the build has just written sits in the cache in
 * large blocks, and a process that maps it gets whole blocks counted in its RSS; a
 * machine booting from an image reads the executable page by page as it faults.
 */
import { spawnSync } from "node:child_process";

/** GNU dd's documented idiom: write back the file's dirty pages, then drop all of it. */
const DROP_FROM_CACHE = ["oflag=nocache", "conv=notrunc,fdatasync", "count=0", "status=none"];

/** Drops `file` from the page cache (no root needed); false where GNU dd is missing. */
export function evictFromPageCache(file: string): boolean {
  return spawnSync("dd", [`of=${file}`, ...DROP_FROM_CACHE], { stdio: "ignore" }).status === 0;
}
