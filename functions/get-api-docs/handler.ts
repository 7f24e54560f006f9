import { getApiDocs, getApiDocsAsset } from '#shared/contracts/pages';
import { functionRoutes } from '#shared/http/function-routes';
import { createHttpHandler } from '#shared/http/handler';
import { assetServer, escapeHtml, htmlPage, selfOnlyPolicy } from '#shared/http/static-assets';
import { PAGE_ROUTES } from '#shared/route-table/pages';

const assets = assetServer('get-api-docs');

/** Scalar's Vue components set inline styles; scripts, fonts and requests stay on this origin. */
const POLICY = selfOnlyPolicy("'self' 'unsafe-inline'");

/**
 * The page: Scalar's standalone script, then docs.js, which renders the document at
 * ./openapi.json with Scalar's default fonts and telemetry off (so nothing leaves this origin).
 * The mount point is not `#api-reference`: Scalar mounts itself there on load, without that
 * configuration (and with its fonts from another origin).
 * URLs are relative, so the page works under a stage prefix (/v1/api/docs) as at the root.
 */
function page(): string {
  const src = (file: string) => escapeHtml(`docs/assets/${file}?v=${assets.versionOf(file)}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Lead, Call and Scheduling Service</title>
<link rel="icon" href="data:,">
</head>
<body>
<div id="reference"></div>
<script src="${src('scalar.js')}"></script>
<script src="${src('docs.js')}"></script>
</body>
</html>
`;
}

const pageHandler = createHttpHandler(getApiDocs, async () => htmlPage(page(), POLICY));

const assetHandler = createHttpHandler(getApiDocsAsset, async ({ path, query, rawHeaders }) =>
  assets.serve(path.file, rawHeaders['accept-encoding'], query.v),
);

/** GET /api/docs and GET /api/docs/assets/{file}: public, the API reference page and its scripts. */
export const handler = functionRoutes(PAGE_ROUTES, 'get-api-docs', { getApiDocs: pageHandler, getApiDocsAsset: assetHandler });
