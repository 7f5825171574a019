/**
 * Test support: waiting for a state rather than for a time. A test that sleeps a fixed
 * time and then assumes the server got there races real work, which a busy machine
 * loses; `until` polls for the state itself, and the deadline it is given says how long
 * the contract allows, not how fast this machine is.
 */

/** Resolves true once `done` does, polling every `everyMs`; false if it has not after `ms`. */
export async function until(
  done: () => boolean | Promise<boolean>,
  ms: number,
  everyMs = 50,
): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (!(await done())) {
    if (performance.now() > deadline) return false;
    await Bun.sleep(everyMs);
  }
  return true;
}
