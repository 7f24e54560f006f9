import * as z from 'zod/mini';
import { atLoad } from '#shared/lazy';
import { PAGE_ROUTES } from '#shared/route-table/pages';
import { defineContract, type ResponseSchema, responseSchema } from './contract';

/** The pages for people and their assets (functions/get-api-docs, functions/get-console). */

export const htmlDocument = /* @__PURE__ */ responseSchema((z) =>
  z
    .string()
    .describe(
      'An HTML page (Cache-Control: no-cache; Content-Security-Policy: this origin only). It loads its scripts from this API and calls only this API',
    ),
);

export const pageAssetBody = /* @__PURE__ */ responseSchema((z) =>
  z
    .string()
    .describe(
      'The file (JavaScript or CSS), brotli- or gzip-encoded when Accept-Encoding allows (Content-Encoding, Vary: accept-encoding); cached for a year when asked for with its current hash (v), five minutes otherwise',
    ),
);

const assetPath = /* @__PURE__ */ atLoad(() =>
  z.object({
    file: z
      .string()
      .check(
        z.maxLength(64),
        z.regex(/^[a-z0-9-]+\.(js|css)$/, { error: 'must be a file name the page links to' }),
        z.describe('A file the page links to (a script or a style sheet); any other name answers 404'),
      ),
  }),
);

const assetQuery = /* @__PURE__ */ atLoad(() =>
  z.object({
    v: z
      .optional(z.string().check(z.regex(/^[0-9a-f]{16}$/, { error: 'must be the hash the page links the file with' })))
      .check(z.describe('The content hash the page links the file with; with the current one, the answer may be cached for a year')),
  }),
);

const assetErrors = { 404: 'No such file' } as const;

export const getApiDocs = /* @__PURE__ */ defineContract(PAGE_ROUTES, {
  routeId: 'getApiDocs',
  responses: { 200: htmlDocument },
  responseMediaType: 'text/html',
});

export const getApiDocsAsset = /* @__PURE__ */ defineContract(PAGE_ROUTES, {
  routeId: 'getApiDocsAsset',
  path: assetPath,
  query: assetQuery,
  responses: { 200: pageAssetBody },
  responseMediaType: 'text/javascript',
  errors: assetErrors,
});

export const getConsole = /* @__PURE__ */ defineContract(PAGE_ROUTES, {
  routeId: 'getConsole',
  responses: { 200: htmlDocument },
  responseMediaType: 'text/html',
});

export const getConsoleAsset = /* @__PURE__ */ defineContract(PAGE_ROUTES, {
  routeId: 'getConsoleAsset',
  path: assetPath,
  query: assetQuery,
  responses: { 200: pageAssetBody },
  responseMediaType: 'text/javascript',
  errors: assetErrors,
});

export const PAGE_COMPONENTS = { HtmlDocument: htmlDocument, PageAsset: pageAssetBody } as const satisfies Record<string, ResponseSchema>;
