import { getOpenApi } from '#shared/contracts/meta';
import { createHttpHandler, type HttpResult } from '#shared/http/handler';
import type { OpenApiDocument } from '#shared/openapi/document';

/**
 * In a bundle both are constants the bundler writes in (lib/function-bundle.ts): the document's
 * JSON, built at bundle time, so a cold start neither compiles every route's schemas nor parses the
 * document: the text is answered as it is (a JSON text body, sent unchanged), and the builder below
 * is dead code esbuild drops. From source (`npm start`, tests) they are unset and the document is
 * built here, from the same route table and contracts.
 */
const CACHE = { 'cache-control': 'public, max-age=300' };

let built: OpenApiDocument | undefined;

const answer: () => Promise<HttpResult> =
  process.env.OPENAPI_DOCUMENT_PRERENDERED === 'yes'
    ? async () => ({ statusCode: 200, body: process.env.OPENAPI_DOCUMENT_JSON ?? '', isJsonText: true, headers: CACHE })
    : async () => {
        built ??= (await import('#shared/openapi/document')).buildOpenApiDocument();
        return { statusCode: 200, body: built, headers: CACHE };
      };

/** GET /api/openapi.json: public (no authorizer), answers the OpenAPI 3.1 description of the service. */
export const handler = createHttpHandler(getOpenApi, answer);
