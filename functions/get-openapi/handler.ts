import { getOpenApi } from '#shared/contracts/meta';
import { createHttpHandler } from '#shared/http/handler';
import type { OpenApiDocument } from '#shared/openapi/document';

/**
 * In a bundle both are constants the bundler writes in (lib/function-bundle.ts): the document's
 * JSON, built at bundle time, so a cold start parses one string instead of compiling every route's
 * schemas, and the builder below is dead code esbuild drops. From source (`npm start`, tests) they
 * are unset and the document is built here, from the same route table and contracts.
 */
const prerendered = process.env.OPENAPI_DOCUMENT_PRERENDERED === 'yes';

let document: OpenApiDocument | undefined = prerendered ? JSON.parse(process.env.OPENAPI_DOCUMENT_JSON ?? '') : undefined;

const builtDocument: () => Promise<OpenApiDocument> =
  process.env.OPENAPI_DOCUMENT_PRERENDERED === 'yes'
    ? () => Promise.reject(new Error('the prerendered document is parsed at load'))
    : async () => (await import('#shared/openapi/document')).buildOpenApiDocument();

/** GET /api/openapi.json: public (no authorizer), answers the OpenAPI 3.1 description of the service. */
export const handler = createHttpHandler(getOpenApi, async () => {
  document ??= await builtDocument();
  return { statusCode: 200, body: document, headers: { 'cache-control': 'public, max-age=300' } };
});
