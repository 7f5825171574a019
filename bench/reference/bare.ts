/**
 * The start-up and memory floor: a bare `Bun.serve` answering `ok` to everything,
 * compiled as the app is (`bench/reference/compile.ts`). What the runtime costs before
 * any work is done.
 */
Bun.serve({
  hostname: process.env.HOST ?? "127.0.0.1",
  port: Number(process.env.PORT ?? 3000),
  fetch: () => new Response("ok\n"),
});
