/**
 * The files each page function serves besides its HTML (GET /api/docs/assets/{file},
 * GET /console/assets/{file}): vendored libraries, taken as published from node_modules, and the
 * pages' own scripts and style sheets under pages/. None of them is bundled into the function's
 * JavaScript: the stack copies each into the function's asset as `assets/<file>`, with a gzip and a
 * brotli copy made once at synth (lib/service-function.ts), so the handler stays small and answers
 * compressed bytes without compressing per request (shared/http/static-assets.ts).
 */
export interface PageAsset {
  /** The name in the URL and in the function's `assets/` folder. */
  readonly file: string;
  /** The file in this repository, relative to its root. */
  readonly source: string;
  readonly contentType: string;
}

/** The folder beside the bundle's entry file that holds a function's assets. */
export const ASSET_FOLDER = 'assets';

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

export const PAGE_ASSETS = {
  'get-api-docs': [
    // Scalar's standalone browser build: one classic script defining window.Scalar, no chunks to fetch.
    { file: 'scalar.js', source: 'node_modules/@scalar/api-reference/dist/browser/standalone.js', contentType: JS },
    { file: 'docs.js', source: 'pages/docs/docs.js', contentType: JS },
  ],
  'get-console': [
    { file: 'uplot.js', source: 'node_modules/uplot/dist/uPlot.iife.min.js', contentType: JS },
    { file: 'uplot.css', source: 'node_modules/uplot/dist/uPlot.min.css', contentType: CSS },
    { file: 'console.js', source: 'pages/console/console.js', contentType: JS },
    // The views console.js imports from the versioned URL the page preloads (functions/get-console).
    { file: 'console-views.js', source: 'pages/console/console-views.js', contentType: JS },
    { file: 'console.css', source: 'pages/console/console.css', contentType: CSS },
  ],
  'get-booking-page': [
    { file: 'widget.js', source: 'pages/widget/widget.js', contentType: JS },
    { file: 'widget.css', source: 'pages/widget/widget.css', contentType: CSS },
    // Runs on the business's own page: puts the booking page in an iframe beside its script tag.
    { file: 'embed.js', source: 'pages/widget/embed.js', contentType: JS },
    // The customer's manage page of a visit (GET /widget/manage/{manageToken}), in the widget's style.
    { file: 'manage.js', source: 'pages/widget/manage.js', contentType: JS },
  ],
} as const satisfies Readonly<Record<string, readonly PageAsset[]>>;

export type PageFunction = keyof typeof PAGE_ASSETS;

/** The assets of a function by its folder name; none for a function that serves no page. */
export function pageAssetsOf(functionName: string): readonly PageAsset[] {
  return (PAGE_ASSETS as Readonly<Record<string, readonly PageAsset[]>>)[functionName] ?? [];
}
