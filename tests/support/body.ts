/**
 * Test support: reading an answer's body when it may never end (the live view, an event
 * stream): what arrived until it ended, or until it kept quiet for `quietMs`, after which
 * it is cancelled, as a client that leaves cancels it.
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
