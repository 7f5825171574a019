/** @module The documentation UI: Scalar's UI, reading the OpenAPI document. */
import { DOCS_SCRIPT_BASE } from "../http/headers.ts";
import { escapeHtml } from "../profile/html/escape.ts";

/**
 * The documentation page: Scalar's UI from a pinned CDN folder (the CSP allows that
 * folder and nothing else), configured by data attributes so no inline script runs.
 */
export function docsPage(title: string, description: string, specPath: string): string {
  const configuration = escapeHtml(JSON.stringify({ withDefaultFonts: false }));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
</head>
<body>
<script id="api-reference" data-url="${escapeHtml(specPath)}" data-configuration="${configuration}"></script>
<script src="${DOCS_SCRIPT_BASE}standalone.js"></script>
</body>
</html>
`;
}
