import { META_ROUTES } from '#shared/route-table/meta';
import { defineContract, type ResponseSchema, responseSchema } from './contract';
import { freeObject } from './responses';

/** This API description (functions/get-openapi). */

export const openApiDocument = /* @__PURE__ */ responseSchema((z) =>
  z
    .looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: freeObject() })
    .describe('An OpenAPI 3.1 document'),
);

export const getOpenApi = /* @__PURE__ */ defineContract(META_ROUTES, {
  routeId: 'getOpenApi',
  responses: { 200: openApiDocument },
});

export const META_COMPONENTS = { OpenApiDocument: openApiDocument } as const satisfies Record<string, ResponseSchema>;
