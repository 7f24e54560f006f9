import { type AssetServer, escapeHtml } from '#shared/http/static-assets';

/**
 * A visit's manage page: manage.js reads the token from the page's own address and calls the
 * manage routes. The page itself holds nothing of the visit, so it is the same for every link
 * (nothing to leak, nothing to look up); it is never framed (frame-ancestors 'none'), never indexed,
 * and sends no referrer, since its address is the customer's capability. Relative URLs (the page
 * is at widget/manage/{token}), so it works under a stage prefix as at the root.
 */
export function managePage(assets: Pick<AssetServer, 'versionOf'>): string {
  const href = (file: string) => escapeHtml(`../assets/${file}?v=${assets.versionOf(file)}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Your visit</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${href('widget.css')}">
<script src="${href('manage.js')}" defer></script>
</head>
<body>
<main id="manage" data-api="../api/appointments" data-widget-api="../api">
<h1>Your visit</h1>
<div id="steps"><p class="loading">Loading…</p></div>
<div id="announce" role="status" aria-live="polite"></div>
</main>
</body>
</html>
`;
}
