import { getConsole, getConsoleAsset } from '#shared/contracts/pages';
import { functionRoutes } from '#shared/http/function-routes';
import { createHttpHandler } from '#shared/http/handler';
import { assetServer, escapeHtml, htmlPage, selfOnlyPolicy } from '#shared/http/static-assets';
import { PAGE_ROUTES } from '#shared/route-table/pages';

const assets = assetServer('get-console');
const POLICY = selfOnlyPolicy();

/**
 * The console's shell: console.js (an ES module; its views module at the versioned URL preloaded
 * here, which console.js imports) builds everything else from the API, with the key
 * the user pastes (kept in this browser's storage only). URLs are relative, so the page works under
 * a stage prefix (/v1/console) as at the root.
 */
function page(): string {
  const href = (file: string) => escapeHtml(`console/assets/${file}?v=${assets.versionOf(file)}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Console · Lead, Call and Scheduling Service</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${href('uplot.css')}">
<link rel="stylesheet" href="${href('console.css')}">
<script src="${href('uplot.js')}" defer></script>
<link rel="modulepreload" href="${href('console-views.js')}">
<script type="module" src="${href('console.js')}"></script>
</head>
<body>
<header>
<h1>Console</h1>
<p class="note">Lead, Call and Scheduling Service · <a href="api/docs">API reference</a></p>
</header>
<main id="console">
<section id="key-section" aria-labelledby="key-heading">
<h2 id="key-heading">API key</h2>
<form id="key-form">
<label for="key-input">Paste an API key (kept in this browser only, sent only to this API)</label>
<input id="key-input" name="key" type="password" autocomplete="off" spellcheck="false" placeholder="service_…">
<label><input id="key-remember" type="checkbox"> Remember on this device (local storage; otherwise this tab only)</label>
<button type="submit">Use key</button>
<button type="button" id="key-forget">Forget key</button>
</form>
<div id="demo-keys" hidden></div>
<p id="status" role="status"></p>
</section>
<div id="views"></div>
</main>
</body>
</html>
`;
}

const pageHandler = createHttpHandler(getConsole, async () => htmlPage(page(), POLICY));

const assetHandler = createHttpHandler(getConsoleAsset, async ({ path, query, rawHeaders }) =>
  assets.serve(path.file, rawHeaders['accept-encoding'], query.v),
);

/** GET /console and GET /console/assets/{file}: public, the console page and its scripts and styles. */
export const handler = functionRoutes(PAGE_ROUTES, 'get-console', { getConsole: pageHandler, getConsoleAsset: assetHandler });
