/**
 * @module `/mcp`'s service: each request admitted or refused (`admission.ts`), then
 * answered by the MCP server, which is imported the first time one is admitted
 * (`server.ts`), so that its SDK costs a site nobody asks neither start-up time nor
 * memory. Each message answered is counted by method and logged in one line, with the
 * tool it called and how long it took.
 */
import { baseHeaders, CACHE_CONTROL } from "../http/headers.ts";
import type { LiveFeed } from "../live/feed.ts";
import type { Replies } from "../replies/replies.ts";
import type { Site } from "../site/site.ts";
import { lazy } from "../utils/cache.ts";
import { RateLimit } from "../utils/rate-limit.ts";
import { quoteInput } from "../utils/request-input.ts";
import { admit } from "./admission.ts";
import type { McpConfig } from "./config.ts";
import { countedMethod } from "./json-rpc.ts";
import type { McpMetrics } from "./metrics.ts";

/** The SDK's answer, with the headers every answer of the site carries (security, CORS); never stored. */
function withSiteHeaders(response: Response): Response {
  for (const [name, value] of Object.entries(baseHeaders())) response.headers.set(name, value);
  if (!response.headers.has("cache-control")) response.headers.set("cache-control", CACHE_CONTROL.noStore);
  return response;
}

export interface McpEndpointOptions {
  readonly site: Site;
  readonly feed: Pick<LiveFeed, "latest">;
  readonly replies: Pick<Replies, "conversation">;
  readonly config: McpConfig;
  readonly metrics: McpMetrics;
}

export class McpEndpoint {
  readonly #options: McpEndpointOptions;
  readonly #rate: RateLimit;
  readonly #siteOrigin: string;
  /** The MCP server, imported and set up on the first call; the same one after, unless that failed. */
  readonly #server = lazy(() =>
    import("./server.ts").then(({ loadServer }) =>
      loadServer(this.#options, (tool) => this.#options.metrics.ran(tool)),
    ),
  );

  constructor(options: McpEndpointOptions) {
    this.#options = options;
    this.#rate = new RateLimit({
      perClient: options.config.perClientPerMinute,
      max: options.config.maxPerMinute,
    });
    this.#siteOrigin = new URL(options.site.config.siteUrl).origin;
  }

  /** Answers one POST to `/mcp`. */
  async answer(request: Request): Promise<Response> {
    const { site, metrics } = this.#options;
    const began = performance.now();
    const admitted = await admit(request, {
      siteOrigin: this.#siteOrigin,
      rate: this.#rate,
      client: site.connections.clientKey(request),
      now: site.clock(),
      drain: site.lifecycle.drainSignal,
    });
    if ("refused" in admitted) {
      metrics.refused(admitted.why);
      return admitted.refused;
    }
    const response = withSiteHeaders(await (await this.#server()).answer(request, admitted.message));
    const method = countedMethod(admitted.method);
    metrics.answered(method);
    const durationMs = Math.round((performance.now() - began) * 100) / 100;
    // A tool's name is the client's to write: quoted, as every request input in the log.
    const tool = admitted.tool === undefined ? undefined : quoteInput(admitted.tool, 64);
    site.log.event(
      "mcp",
      { method, ...(tool !== undefined && { tool }), status: response.status, durationMs },
      `mcp ${method}${tool === undefined ? "" : ` ${tool}`}: ${response.status} in ${durationMs} ms`,
    );
    return response;
  }
}
