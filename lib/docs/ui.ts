/** @module The documentation page: Scalar's UI, reading the OpenAPI document. */
import { escapeHtml } from "../utils/escape-html.ts";

/**
 * How the UI is told to load nothing from elsewhere: no web fonts from its CDN, no
 * telemetry, no agent chat (which it turns on for a `localhost` address and which calls
 * its API), no buttons to its hosted MCP service, no developer toolbar.
 */
const CONFIGURATION = {
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: "never",
};

/**
 * The documentation page: the UI's script from this app (the CSP allows `'self'` and
 * nothing else), configured by data attributes so no inline script runs.
 */
export function docsPage(title: string, description: string, specPath: string, scriptPath: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
</head>
<body>
<script id="api-reference" data-url="${escapeHtml(specPath)}" data-configuration="${escapeHtml(JSON.stringify(CONFIGURATION))}"></script>
<script src="${escapeHtml(scriptPath)}"></script>
</body>
</html>
`;
}
