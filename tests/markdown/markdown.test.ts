/** Markdown written from the owner's words: whatever they write reads as written, never as markup. */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import {
  escapeMarkdown,
  heading,
  link,
  list,
  markdownDocument,
  paragraph,
} from "../../lib/markdown/markdown.ts";
import { markdownlintErrors, markdownTree, shownText } from "../support/markdown.ts";

/** What a reader sees of `markdown`: its text, spaces as one. */
const seen = (markdown: string) => shownText(markdown).replace(/\s+/g, " ").trim();

describe("escapeMarkdown", () => {
  test.each([
    "# not a heading",
    "> not a quote",
    "- not a list",
    "+ not one either",
    "1. not an ordered list",
    "*not emphasis* and _not either_ and **nor this**",
    "[not a link](https://example.com)",
    "<b>not HTML</b> and <https://not.an.autolink>",
    "`not code` | not | a | table",
    "~~not struck~~ and a \\ backslash",
    "&copy; is not ©, &#169; neither",
  ])("%p reads as written", (text) => {
    const markdown = paragraph(text);
    expect(seen(markdown)).toBe(text);
    expect(markdownTree(markdown).children.map(({ type }) => type)).toEqual(["paragraph"]);
  });

  test("a heading that ends in # keeps it: it is no closing sequence", () => {
    expect(seen(heading(2, "C #"))).toBe("C #");
    expect(seen(heading(1, "# #"))).toBe("# #");
  });

  test("line breaks in a paragraph read as spaces; a blank line starts another paragraph", () => {
    expect(markdownTree(paragraph("one\ntwo\n\nthree")).children.map(({ type }) => type)).toEqual([
      "paragraph",
      "paragraph",
    ]);
    expect(seen(paragraph("one\ntwo"))).toBe("one two");
  });

  test("any text, as a paragraph, a heading or a list item, reads as written", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 40 }), (raw) => {
        const text = raw.replace(/\s+/g, " ").trim();
        if (text === "") return;
        expect(seen(paragraph(text))).toBe(text);
        expect(seen(heading(2, text))).toBe(text);
        expect(seen(list([escapeMarkdown(text)]))).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  test("a link's text is escaped, and a URL with a space or parenthesis still leads where it says", () => {
    const tree = markdownTree(link("[a] *b*", "https://example.com/a (b)"));
    const [first] = tree.children;
    const linked = first?.type === "paragraph" ? first.children[0] : undefined;
    expect(linked).toMatchObject({ type: "link", url: "https://example.com/a%20(b)" });
    expect(seen(link("[a] *b*", "https://example.com"))).toBe("[a] *b* https://example.com");
  });
});

test("a document is its blocks, a blank line between each, ending in a newline, and markdownlint finds it clean", async () => {
  const document = markdownDocument([heading(1, "Title"), paragraph("Text."), "", list(["a", "b"])]);
  expect(document).toBe("# Title\n\nText.\n\n- a\n- b\n");
  expect(await markdownlintErrors(document)).toEqual([]);
});
