/**
 * Test support: stand-ins for the two parts of Fly.io the fleet relies on, each a real
 * server on loopback.
 *
 * - `startFlyDns`: the private DNS's TXT record `all.vms.<app>.internal`, the app's
 *   machines as `<id> <region>` entries (https://fly.io/docs/networking/private-networking/).
 * - `startFlyProxy`: the proxy's routing as the app uses it
 *   (https://fly.io/docs/networking/dynamic-request-routing/): a request goes to the
 *   machine `fly-force-instance-id` names, or to the next machine in turn; an answer
 *   with `fly-replay: instance=<id>` is not returned but replayed to that machine with
 *   `fly-replay-src`; if that machine does not answer and the replay says
 *   `fallback=prefer_self`, the request goes back to the first with `fly-replay-failed`.
 */
import { createSocket } from "node:dgram";
import * as dnsPacket from "dns-packet";

export interface FlyDns {
  /** `host:port`, for `FLY_INTERNAL_DNS`. */
  readonly address: string;
  /** The machines the record lists from now on. */
  setMachines(machines: readonly { id: string; region: string }[]): void;
  stop(): void;
}

export async function startFlyDns(app: string): Promise<FlyDns> {
  let record = "";
  const socket = createSocket("udp4");
  socket.on("message", (message, peer) => {
    const query = dnsPacket.decode(message);
    const question = query.questions?.[0];
    const known = question?.type === "TXT" && question.name === `all.vms.${app}.internal`;
    const answer = dnsPacket.encode({
      id: query.id,
      type: "response",
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (known ? 0 : 3),
      questions: query.questions,
      answers: known && question ? [{ type: "TXT", name: question.name, ttl: 5, data: record }] : [],
    });
    socket.send(answer, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    setMachines: (machines) => {
      record = machines.map(({ id, region }) => `${id} ${region}`).join(",");
    },
    stop: () => socket.close(),
  };
}

export interface FlyProxy {
  readonly url: string;
  /** Which machine each request was finally answered by, in order. */
  readonly answeredBy: string[];
  stop(): void;
}

/** `machines`: id → the machine's own URL (`http://127.0.0.1:port`). */
export function startFlyProxy(machines: ReadonlyMap<string, string>): FlyProxy {
  const ids = [...machines.keys()];
  const answeredBy: string[] = [];
  let turn = 0;
  const send = (id: string, request: Request, body: ArrayBuffer, headers: Record<string, string> = {}) => {
    const url = new URL(request.url);
    const forwarded = new Headers(request.headers);
    for (const [name, value] of Object.entries(headers)) forwarded.set(name, value);
    return fetch(`${machines.get(id)}${url.pathname}${url.search}`, {
      method: request.method,
      headers: forwarded,
      body: request.method === "GET" || request.method === "HEAD" ? undefined : body,
      signal: AbortSignal.timeout(2000),
    });
  };
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const body = await request.arrayBuffer();
      const first = request.headers.get("fly-force-instance-id") ?? (ids[turn++ % ids.length] as string);
      const answer = await send(first, request, body);
      const replay = answer.headers.get("fly-replay");
      if (!replay) {
        answeredBy.push(first);
        return answer;
      }
      const fields = Object.fromEntries(
        replay.split(";").map((field) => field.trim().split("=") as [string, string]),
      );
      const target = fields.instance as string;
      try {
        const replayed = await send(target, request, body, {
          "fly-replay-src": `instance=${first};region=ams`,
        });
        answeredBy.push(target);
        return replayed;
      } catch {
        if (fields.fallback !== "prefer_self") return new Response("proxy: replay failed", { status: 502 });
        answeredBy.push(first);
        return send(first, request, body, { "fly-replay-failed": "reason=no_candidate" });
      }
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, answeredBy, stop: () => server.stop(true) };
}
