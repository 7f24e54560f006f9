import { getOpenApi } from '#shared/contracts/meta';
import { createHttpHandler } from '#shared/http/handler';
import { buildOpenApiDocument } from '#shared/openapi/document';

/** Built once per container: the document only changes with a deployment. */
const document = buildOpenApiDocument();

/** GET /api/openapi.json: public (no authorizer), answers the OpenAPI 3.1 description of the service. */
export const handler = createHttpHandler(getOpenApi, async () => ({
  statusCode: 200,
  body: document,
  headers: { 'cache-control': 'public, max-age=300' },
}));
