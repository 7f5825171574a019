/** Test support: reading an answer's body when it may never end (the live view, an event stream). */

/**
 * What arrived until the answer ended, or until it kept quiet for `quietMs`, after which it
 * is cancelled, as a client that leaves cancels it.
 */
export async function bodyRead(response: Response, quietMs = 25): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const quiet = new Promise<"quiet">((resolve) => {
      timer = setTimeout(() => resolve("quiet"), quietMs);
    });
    const read = await Promise.race([reader.read(), quiet]);
    clearTimeout(timer);
    if (read === "quiet") {
      await reader.cancel();
      return text;
    }
    if (read.done) return text + decoder.decode();
    text += decoder.decode(read.value, { stream: true });
  }
}

/** The first `count` chunks of an answer as they arrive (fewer if it ends), then the client leaves. */
export async function firstChunks(response: Response, count: number, timeoutMs = 5000): Promise<string[]> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  const deadline = setTimeout(() => reader.cancel(), timeoutMs);
  try {
    while (chunks.length < count) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(decoder.decode(value));
    }
  } finally {
    clearTimeout(deadline);
    await reader.cancel().catch(() => {});
  }
  return chunks;
}
