/**
 * @module The MCP SDK's validator seam (`jsonSchemaValidator`), backed by TypeBox's
 * compiler: a tool's arguments and answer are checked by the engine that checks the
 * content, against the TypeBox schemas themselves, and the SDK's own Ajv compiles nothing.
 */
import type { jsonSchemaValidator } from "@modelcontextprotocol/server";
import type { TSchema } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";

export const typeboxValidator: jsonSchemaValidator = {
  getValidator(schema) {
    const compiled = TypeCompiler.Compile(schema as TSchema);
    return function validate(input) {
      if (compiled.Check(input)) return { valid: true, data: input as never, errorMessage: undefined };
      const first = compiled.Errors(input).First();
      return { valid: false, data: undefined, errorMessage: `${first?.path || "/"}: ${first?.message}` };
    };
  },
};
