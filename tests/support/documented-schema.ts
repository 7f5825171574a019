/**
 * Test support: an answer judged by Ajv (a JSON Schema validator we did not write) against
 * the schema the OpenAPI document publishes for it, for the media types Prism cannot tell
 * apart: Prism takes `application/health+json` for `application/json` and validates it
 * against the first JSON schema of the response (stoplightio/prism#2509), so the health
 * format is judged here, from the same document.
 */
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);

interface Document {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
}

/** Every way `body` breaks the schema `document` gives for `method path`, `status`, `mediaType`: empty when it keeps to it. */
export function documentedSchemaErrors(
  document: unknown,
  [method, path, status, mediaType]: [method: string, path: string, status: string, mediaType: string],
  body: unknown,
): string[] {
  const schema = (document as Document).paths[path]?.[method]?.responses[status]?.content?.[mediaType]
    ?.schema;
  if (!schema) return [`the document has no schema for ${method} ${path} ${status} ${mediaType}`];
  const validate = ajv.compile(schema);
  if (validate(body)) return [];
  return (validate.errors ?? []).map(({ instancePath, message }) => `${instancePath || "/"} ${message}`);
}
