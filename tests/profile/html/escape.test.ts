import { describe, expect, test } from "bun:test";
import { escapeHtml, html, SafeHtml, safeHref } from "../../../lib/utils/escape-html.ts";

describe("escapeHtml", () => {
  test("escapes the five characters that can end text or an attribute", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });

  test("leaves other text, wide characters included, as it is", () => {
    expect(escapeHtml("林 凛 · 2023 – now")).toBe("林 凛 · 2023 – now");
  });
});

describe("html template", () => {
  test("escapes every interpolated string, in text and in attributes", () => {
    const evil = `"><script>alert(1)</script>`;
    expect(html`<p title="${evil}">${evil}</p>`.value).toBe(
      `<p title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>`,
    );
  });

  test("keeps markup built by html, joins lists, and drops false, null and undefined", () => {
    const items = ["a<", "b"].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>${false}${null}${undefined}${42}`.value).toBe(
      "<ul><li>a&lt;</li><li>b</li></ul>42",
    );
    expect(html`${new SafeHtml("<br>")}`.value).toBe("<br>");
  });
});

describe("safeHref", () => {
  test("allows https, http and mailto links", () => {
    for (const url of ["https://example.com/a?b=1", "http://example.com", "mailto:rin@example.com"]) {
      expect(safeHref(url)).toBe(url);
    }
  });

  test("refuses script and data URLs and text that is not a URL", () => {
    for (const url of ["javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<b>", "not a url"]) {
      expect(safeHref(url)).toBeUndefined();
    }
  });
});
