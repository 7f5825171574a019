import { expect, test } from "bun:test";
import { requestIdFor } from "../../lib/http/request-id.ts";

test("a caller's plainly safe id is kept", () => {
  expect(requestIdFor("deploy-check.42:a_B")).toBe("deploy-check.42:a_B");
});

test("an absent, empty, unsafe or overlong id is replaced by a new UUID", () => {
  for (const incoming of [null, "", "bad id!", 'x"y', "a\u001b[2J", "x".repeat(129)]) {
    expect(requestIdFor(incoming)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  }
  expect(requestIdFor(null, () => "chosen")).toBe("chosen");
});
