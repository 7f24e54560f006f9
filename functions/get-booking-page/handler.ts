import { schedulerDependencies } from '#shared/adapters/runtime/scheduler-dependencies';
import { getBookingPage, getManagePage, getWidgetAsset } from '#shared/contracts/widget';
import type { SchedulerConfig } from '#shared/domain/schedulers';
import { NotFoundError } from '#shared/errors';
import { functionRoutes } from '#shared/http/function-routes';
import { createHttpHandler } from '#shared/http/handler';
import { assetServer, escapeHtml, htmlPage, selfOnlyPolicy } from '#shared/http/static-assets';
import { WIDGET_ROUTES } from '#shared/route-table/widget';
import { managePage } from './manage-page';

const assets = assetServer('get-booking-page');
const dependencies = schedulerDependencies();

/**
 * The page may be framed by the scheduler's allowed origins only (and by this origin); the rest of
 * the policy is the pages' own: scripts, styles and calls from this origin alone.
 */
function policy(scheduler: SchedulerConfig): string {
  const ancestors = ["'self'", ...scheduler.allowed_origins].join(' ');
  return selfOnlyPolicy().replace("frame-ancestors 'none'", `frame-ancestors ${ancestors}`);
}

/**
 * The booking page: widget.js builds the journey from the widget routes. Relative URLs (the page
 * is at widget/{team}/{scheduler}), so it works under a stage prefix as at the root.
 */
function page(scheduler: SchedulerConfig): string {
  const href = (file: string) => escapeHtml(`../assets/${file}?v=${assets.versionOf(file)}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Book a visit · ${escapeHtml(scheduler.name)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${href('widget.css')}">
<script src="${href('widget.js')}" defer></script>
</head>
<body>
<main id="widget" data-team="${scheduler.team_id}" data-scheduler="${scheduler.scheduler_id}" data-api="../api">
<h1>${escapeHtml(scheduler.name)}</h1>
<div id="steps"><p class="loading">Loading…</p></div>
<div id="announce" role="status" aria-live="polite"></div>
</main>
</body>
</html>
`;
}

const pageHandler = createHttpHandler(getBookingPage, async ({ path }) => {
  const scheduler = await dependencies().schedulers.getScheduler(path.teamId, path.schedulerId);
  if (!scheduler) throw new NotFoundError(`No scheduler ${path.schedulerId} of team ${path.teamId}`);
  const answer = htmlPage(page(scheduler), policy(scheduler));
  // Framing is decided by frame-ancestors; X-Frame-Options has no way to name several origins.
  const { 'x-frame-options': _denied, ...headers } = answer.headers ?? {};
  // The host page's address reaches the page in its query (attribution): it must not leak onward.
  return { ...answer, headers };
});

const assetHandler = createHttpHandler(getWidgetAsset, async ({ path, query, rawHeaders }) => {
  const answer = assets.serve(path.file, rawHeaders['accept-encoding'], query.v);
  // The embed script is loaded by other origins' pages, by a URL without a version.
  return path.file === 'embed.js' ? { ...answer, headers: { ...answer.headers, 'access-control-allow-origin': '*' } } : answer;
});

const managePageHandler = createHttpHandler(getManagePage, async () => htmlPage(managePage(assets), selfOnlyPolicy()));

/**
 * GET /widget/{teamId}/{schedulerId}, GET /widget/manage/{manageToken} and GET /widget/assets/{file}:
 * public, the booking page, a visit's manage page and their scripts.
 */
export const handler = functionRoutes(WIDGET_ROUTES, 'get-booking-page', {
  getBookingPage: pageHandler,
  getManagePage: managePageHandler,
  getWidgetAsset: assetHandler,
});
