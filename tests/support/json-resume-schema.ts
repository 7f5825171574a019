/**
 * Test support: the official JSON Resume schema, as the `@jsonresume/schema` package ships
 * it, compiled by Ajv (a JSON Schema validator we did not write) with its string formats.
 */
import schema from "@jsonresume/schema/schema.json" with { type: "json" };
import Ajv from "ajv";
import addFormats from "ajv-formats";

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);

/** Every way `document` breaks the official schema: empty when it is a valid resume. */
export function jsonResumeErrors(document: unknown): string[] {
  if (validate(document)) return [];
  return (validate.errors ?? []).map(({ instancePath, message }) => `${instancePath || "/"} ${message}`);
}
