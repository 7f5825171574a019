/**
 * Test support: what must hold for any response to any request, and a fast-check
 * generator of hostile requests. Used in-process and against a real server.
 */
import fc from "fast-check";
import { DOCS_PATH, OPENAPI_PATH } from "../../lib/docs/paths.ts";
import { ERRORS, type ErrorCode } from "../../lib/http/errors.ts";
import { CONTENT_TYPE } from "../../lib/http/headers.ts";
import { servedPath } from "../../lib/http/route.ts";
import { declaredRoutes } from "../../lib/site/site.ts";
import { routes } from "../../routes/_manifest.gen.ts";

export const DOCUMENTED_TYPES: readonly string[] = Object.values(CONTENT_TYPE);

/**
 * The routes that answer in a protocol of their own (the MCP server's JSON-RPC), by
 * `METHOD /path`: their errors are JSON-RPC errors, in the media types its SDK writes.
 */
const JSON_RPC_ROUTES = new Set(
  declaredRoutes(routes, "rin").flatMap(({ method, path, route }) =>
    route.answerRequestError ? [`${method} ${path}`] : [],
  ),
);
const JSON_RPC_TYPES: readonly string[] = [
  "application/json",
  "application/json;charset=utf-8",
  "text/event-stream",
];

/** Signs of internals leaking: stack frames, source paths, module folders. */
const LEAKS = [/\n\s+at /, /\.(?:ts|js|mjs):\d+/, /node_modules/, /\/work\//, /\/\$bunfs\//, /file:\/\//];
/** Dependency and runtime names; /api/stack names its stack on purpose, so errors only. */
const NAMES_IN_ERRORS = /elysia|typebox|sinclair|\bbun\b|deno|swagger|scalar|ansis/i;
/** C0 and C1 controls other than newline and tab, once the renderer's own codes are removed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the renderer's own codes: colour, and the live view's cursor moves.
const RENDERER_CODES = /\x1b\[[0-9;]*[mHJK]/g;

export interface Seen {
  status: number;
  headers: Headers;
  body: string;
  method: string;
  /** The request's target, path and query: some routes answer in JSON-RPC. */
  target?: string;
}

/** What is wrong with an error in JSON-RPC: it is an error object with a code and a message. */
function jsonRpcErrorViolations(body: string): string[] {
  try {
    const { jsonrpc, error } = JSON.parse(body);
    return jsonrpc === "2.0" && Number.isInteger(error?.code) && typeof error?.message === "string"
      ? []
      : [`JSON-RPC error ${body.slice(0, 80)}`];
  } catch {
    return [`error body is not JSON: ${body.slice(0, 80)}`];
  }
}

/** Returns what is wrong with a response, or an empty list. */
export function violations({ status, headers, body, method, target = "" }: Seen): string[] {
  const wrong: string[] = [];
  if (status >= 500) wrong.push(`status ${status}`);
  const type = headers.get("content-type");
  const jsonRpc = JSON_RPC_ROUTES.has(`${method} ${target.split(/[?#]/)[0]?.replace(/(.)\/$/, "$1")}`);
  const bodiless = status === 204 || status === 304 || method === "HEAD" || (jsonRpc && status === 202);
  const types = jsonRpc ? [...DOCUMENTED_TYPES, ...JSON_RPC_TYPES] : DOCUMENTED_TYPES;
  if (!bodiless && (type === null || !types.includes(type))) wrong.push(`content-type ${type}`);
  if (bodiless && body !== "") wrong.push(`a ${status} ${method} with a body`);
  if (headers.get("x-content-type-options") !== "nosniff") wrong.push("no nosniff");
  if (!headers.get("content-security-policy")?.includes("frame-ancestors 'none'")) wrong.push("no CSP");
  if (headers.has("x-powered-by") || headers.has("server")) wrong.push("discloses the server");
  for (const leak of LEAKS) if (leak.test(body)) wrong.push(`leaks ${leak}`);
  if (type === CONTENT_TYPE.text && CONTROL.test(body.replace(RENDERER_CODES, "")))
    wrong.push("control characters");
  if (status >= 400 && method !== "HEAD" && type === CONTENT_TYPE.text) {
    // A one-liner's or a live view's refusal: one line of text, as a status bar or a terminal shows it.
    if (!/^[^\n]+\n$/.test(body)) wrong.push(`a text error of more than one line: ${body.slice(0, 80)}`);
  } else if (status >= 400 && jsonRpc) {
    wrong.push(...jsonRpcErrorViolations(body));
  } else if (status >= 400 && method !== "HEAD") {
    try {
      const { error } = JSON.parse(body);
      const known = ERRORS[error?.code as ErrorCode];
      if (error?.status !== status || known?.status !== status || typeof error?.message !== "string") {
        wrong.push(`envelope ${body.slice(0, 80)}`);
      }
      if (NAMES_IN_ERRORS.test(body)) wrong.push(`names a dependency: ${body.slice(0, 120)}`);
      if (CONTROL.test(body)) wrong.push("control characters in an error");
    } catch {
      wrong.push(`error body is not JSON: ${body.slice(0, 80)}`);
    }
  }
  return wrong;
}

/** Every path of the route table (the owner's profile at the sample's handle), the docs', and one between them. */
const KNOWN_PATHS = [
  ...new Set(routes.map(([path]) => servedPath(path, "rin"))),
  DOCS_PATH,
  OPENAPI_PATH,
  "/api",
];

/** Any byte as a raw character, or percent-encoded, or an encoded escape sequence. */
const pathPiece = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc
    .uint8Array({ maxLength: 8 })
    .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("")),
  fc.constantFrom("%", "%zz", "%1b%5b2J", "..", "%2e%2e", "//", "\\", "%00", "?", "#", ";", "%c0%af", "%ff"),
);

export const hostilePath = fc.oneof(
  fc.constantFrom(...KNOWN_PATHS),
  fc
    .tuple(fc.constantFrom(...KNOWN_PATHS), fc.array(pathPiece, { maxLength: 4 }))
    .map(([base, pieces]) => `${base}${pieces.join("")}`),
  fc.array(pathPiece, { maxLength: 5 }).map((pieces) => `/${pieces.join("/")}`),
);

/** A switch of text answers with a value a stranger might send: in range, out of it, or not a number at all. */
const switchValue = fc.oneof(
  fc.constantFrom("nocolor", "T", "truecolor", "help", "theme=dark", "theme=light", "theme=", "theme=%1b[2J"),
  fc.integer({ min: -10, max: 100_000 }).map((width) => `width=${width}`),
  fc.string({ unit: "binary", maxLength: 12 }).map((value) => `width=${encodeURIComponent(value)}`),
  fc.string({ unit: "binary", maxLength: 12 }).map((value) => `theme=${encodeURIComponent(value)}`),
);

const query = fc.oneof(
  fc.constant(""),
  fc.constantFrom("?nocolor", "?T", "?A", "?nocolor=0", "?%zz", "?a=%1b[2J", "?=&&=", "?__proto__=1"),
  fc.array(switchValue, { minLength: 1, maxLength: 4 }).map((switches) => `?${switches.join("&")}`),
  fc.string({ unit: "binary", maxLength: 40 }).map((q) => `?${q}`),
);

/** Header values the Fetch API lets through: no CR, LF or NUL; bytes up to 0xff. */
const headerValue = (maxLength: number) =>
  fc
    .string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength })
    .map((v) => v.trim());

const userAgent = fc.oneof(
  fc.constantFrom("curl/8.5.0", "Wget/1.21.4", "HTTPie/3.2.2", "python-requests/2.31.0", "Mozilla/5.0", ""),
  headerValue(200),
  fc
    .tuple(fc.constantFrom("curl/", "Mozilla/5.0 ", "x"), fc.integer({ min: 9000, max: 10240 }))
    .map(([prefix, size]) => prefix + "A".repeat(size)),
);

const accept = fc.oneof(
  fc.constantFrom(
    "*/*",
    "application/json",
    "text/plain",
    "application/json;q=0",
    ",,;;",
    "*/*;q=abc",
    "a/b/c;",
  ),
  headerValue(120),
);

export const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export interface HostileRequest {
  method: string;
  target: string;
  headers: Record<string, string>;
  body: Uint8Array | undefined;
}

export const hostileRequest: fc.Arbitrary<HostileRequest> = fc
  .record({
    method: fc.oneof(fc.constantFrom(...METHODS), fc.stringMatching(/^[A-Z]{1,10}$/)),
    path: hostilePath,
    query,
    userAgent: fc.option(userAgent),
    accept: fc.option(accept),
    ifNoneMatch: fc.option(fc.oneof(fc.constant("*"), headerValue(60))),
    contentType: fc.option(
      fc.oneof(fc.constantFrom("application/json", "text/plain", "multipart/form-data"), headerValue(40)),
    ),
    body: fc.option(fc.uint8Array({ maxLength: 2048 })),
  })
  .map(({ method, path, query: q, userAgent: ua, accept: acc, ifNoneMatch, contentType, body }) => {
    const headers: Record<string, string> = {};
    if (ua !== null) headers["user-agent"] = ua;
    if (acc !== null) headers.accept = acc;
    if (ifNoneMatch !== null) headers["if-none-match"] = ifNoneMatch;
    if (contentType !== null) headers["content-type"] = contentType;
    const hasBody = body !== null && method !== "GET" && method !== "HEAD";
    if (hasBody) headers["content-length"] = String(body.byteLength);
    return { method, target: `${path}${q}`, headers, body: hasBody ? body : undefined };
  });
