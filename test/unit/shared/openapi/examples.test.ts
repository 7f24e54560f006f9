import * as z from 'zod/mini';
import { type RouteContract, schemaOf } from '#shared/contracts/contract';
import { CONTRACTS } from '#shared/contracts/index';
import { buildOpenApiDocument } from '#shared/openapi/document';
import { OPERATION_EXAMPLES } from '#shared/openapi/examples/index';
import { ROUTES, type RouteId } from '#shared/routes';
import { documentAjv } from '../../../support/openapi-ajv';

/**
 * The examples of the API description (shared/openapi/examples/) hold what the service accepts
 * and answers: each request example passes the route's body schema (zod, as the handler validates)
 * and the document's request schema; each response example passes the contract's response schema
 * and the document's (closed objects: an undocumented field fails). Every POST route and the main
 * reads have them.
 */

type Json = Record<string, unknown>;
const doc = buildOpenApiDocument();
const ajv = documentAjv(doc);

/** The reads people start with: who am I, teams, leads, calls, analytics, campaigns, webhooks. */
const MAIN_READS: readonly RouteId[] = [
  'getMe',
  'listTeams',
  'listTeamLeads',
  'listCalls',
  'getCall',
  'getTeamFunnel',
  'getSchedulerAnalytics',
  'listTeamSessions',
  'listCoachEvaluations',
  'listOutboundTexts',
  'getSmsCampaign',
  'listWebhooks',
  'listWebhookDeliveries',
];

function operationOf(routeId: RouteId): Json {
  const route = ROUTES.find((r) => r.id === routeId);
  if (!route) throw new Error(`no route ${routeId}`);
  return doc.paths[route.path]?.[route.method.toLowerCase()] as Json;
}

const examples = Object.entries(OPERATION_EXAMPLES) as [RouteId, NonNullable<(typeof OPERATION_EXAMPLES)[RouteId]>][];

describe('API description examples', () => {
  it('cover every POST route (a request example wherever a body is declared, optional ones too) and the main reads', () => {
    for (const route of ROUTES.filter((r) => r.method === 'POST')) {
      const contract: RouteContract = CONTRACTS[route.id];
      const own = OPERATION_EXAMPLES[route.id];
      expect({ route: route.id, responses: Object.keys(own?.responses ?? {}).length > 0 }).toEqual({ route: route.id, responses: true });
      if (contract.body) {
        expect({ route: route.id, request: Object.keys(own?.request ?? {}).length > 0 }).toEqual({ route: route.id, request: true });
      }
    }
    for (const id of MAIN_READS) expect({ route: id, has: OPERATION_EXAMPLES[id] !== undefined }).toEqual({ route: id, has: true });
    // The two requests integrators copy most: a scheduled SMS campaign and a voice end-of-call report.
    expect(Object.keys(OPERATION_EXAMPLES.createSmsCampaign?.request ?? {})).toContain('scheduled');
    expect(OPERATION_EXAMPLES.receiveVoiceReport?.request?.default?.value).toMatchObject({ message: { type: 'end-of-call-report' } });
  });

  it.each(examples)('%s: request examples pass the body schema and the document', (routeId, own) => {
    const contract: RouteContract = CONTRACTS[routeId];
    for (const [name, example] of Object.entries(own.request ?? {})) {
      if (!contract.body) throw new Error(`${routeId} has a request example (${name}) but takes no body`);
      const parsed = z.safeParse(schemaOf(contract.body.schema), example.value);
      expect({ example: name, issues: parsed.success ? [] : parsed.error.issues }).toEqual({ example: name, issues: [] });
      const content = ((operationOf(routeId).requestBody as Json).content as Json)['application/json'] as Json;
      expect({ example: name, violations: ajv.violations(content.schema as Json, example.value) }).toEqual({
        example: name,
        violations: [],
      });
      expect((content.examples as Json)[name]).toEqual(example);
    }
  });

  it.each(examples)('%s: response examples pass the contract and the document', (routeId, own) => {
    const contract: RouteContract = CONTRACTS[routeId];
    for (const [status, named] of Object.entries(own.responses)) {
      const schema = contract.responses[Number(status)];
      if (!schema) throw new Error(`${routeId} has an example for ${status}, a status its contract does not list`);
      const content = ((operationOf(routeId).responses as Json)[status] as Json).content as Json;
      const media = Object.values(content)[0] as Json;
      for (const [name, example] of Object.entries(named)) {
        const parsed = schema().safeParse(example.value);
        expect({ example: name, issues: parsed.success ? [] : parsed.error.issues }).toEqual({ example: name, issues: [] });
        expect({ example: name, violations: ajv.violations(media.schema as Json, example.value) }).toEqual({
          example: name,
          violations: [],
        });
        expect((media.examples as Json)[name]).toEqual(example);
      }
    }
  });
});
