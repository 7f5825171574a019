/**
 * @module OpenAPI response objects, built from the same TypeBox schemas that validate
 * the content. Routes describe every status they can return with these helpers, in
 * their `responses()`, which runs only when the document is built.
 */
import type { TSchema } from "@sinclair/typebox";
import { Type as t } from "@sinclair/typebox";
import type { OpenAPIV3 } from "openapi-types";
import { ERRORS, type ErrorCode } from "../http/errors.ts";
import { CONTENT_TYPE } from "../http/headers.ts";

type ResponseObject = OpenAPIV3.ResponseObject;
type Content = NonNullable<ResponseObject["content"]>;

/** Built when the document is, as the content schemas are (see `lib/content/schemas.ts`). */
const envelopeSchema = () =>
  t.Object(
    {
      error: t.Object({
        status: t.Integer({ description: "The HTTP status, repeated" }),
        code: t.Union(
          Object.keys(ERRORS).map((code) => t.Literal(code)),
          { description: "Stable machine-readable code" },
        ),
        message: t.String({ description: "What went wrong, for a person" }),
      }),
    },
    { description: "The one error envelope of this API" },
  );

const textSchema = () =>
  t.String({ description: "UTF-8 text, at most 80 columns a line, or as many as `?width=` says" });

const header = (description: string): OpenAPIV3.HeaderObject => ({ description, schema: { type: "string" } });

/** The header every answer carries, errors included. */
const REQUEST_ID = {
  "X-Request-Id": header(
    "The caller's own id when plainly safe ([A-Za-z0-9._:-]{1,128}), otherwise a new UUID",
  ),
};

/** Headers every representation carries. */
const COMMON_HEADERS = {
  ...REQUEST_ID,
  Vary: header("Accept, User-Agent: the representation depends on both"),
  "Cache-Control": header("How long caches may keep this response"),
};

/** 200 with JSON, for programs and browsers (and terminals asking for JSON); JSON's own media type unless told. */
export function jsonBody(
  schema: TSchema,
  example: unknown,
  contentType: string = CONTENT_TYPE.json,
): Content {
  return { [contentType]: { schema: schema as OpenAPIV3.SchemaObject, example } };
}

/** 200 with text for terminals (ANSI colour unless `?nocolor`). */
export function textBody(example: string): Content {
  return { [CONTENT_TYPE.text]: { schema: textSchema() as OpenAPIV3.SchemaObject, example } };
}

/** 200 with a self-contained HTML page, for browsers. */
export function htmlBody(example: string): Content {
  return {
    [CONTENT_TYPE.html]: {
      schema: t.String({ description: "A UTF-8 HTML document" }) as OpenAPIV3.SchemaObject,
      example,
    },
  };
}

/** 200 with Markdown, for assistants: `Accept: text/markdown`, or a `.md` path. */
export function markdownBody(example: string): Content {
  return documentBody(CONTENT_TYPE.markdown, "Markdown (CommonMark), UTF-8", example);
}

/** 200 with a document in a standard format of its own (XML, vCard, robots.txt), as a string. */
export function documentBody(contentType: string, description: string, example: string): Content {
  return {
    [contentType]: { schema: t.String({ description }) as OpenAPIV3.SchemaObject, example },
  };
}

export function ok(description: string, content: Content, etag = false): ResponseObject {
  return {
    description,
    headers: etag
      ? { ...COMMON_HEADERS, ETag: header("Strong validator for If-None-Match") }
      : COMMON_HEADERS,
    content,
  };
}

/** 304 for a matching `If-None-Match`: no body. */
export const notModified: ResponseObject = {
  description: "Not Modified: the ETag in If-None-Match still matches",
  headers: { ...COMMON_HEADERS, ETag: header("The validator that matched") },
};

/**
 * What the request pipeline can answer for any route, before or around its handler: a
 * `Content-Length` that is not a number, a body over the limit, an unforeseen failure.
 */
export const pipelineErrors = () => errors("bad_request", "payload_too_large", "internal_error");

/** An error response in the envelope, for a route that says what its own error means. */
export function envelope(code: ErrorCode, description: string, message: string): ResponseObject {
  return {
    description,
    headers: REQUEST_ID,
    content: {
      [CONTENT_TYPE.json]: {
        schema: envelopeSchema() as OpenAPIV3.SchemaObject,
        example: { error: { status: ERRORS[code].status, code, message } },
      },
    },
  };
}

/** Error responses, in the envelope, for each error given, keyed by its status. */
export function errors(...codes: ErrorCode[]): Record<string, ResponseObject> {
  return Object.fromEntries(
    codes.map((code) => [
      String(ERRORS[code].status),
      envelope(code, ERRORS[code].meaning, ERRORS[code].meaning),
    ]),
  );
}
