import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { expectTypeOf } from 'expect-type';
import * as z from 'zod';
import type { funnelCounts, schedulerAnalyticsResponse } from '#shared/contracts/analytics';
import type { call as callSchema } from '#shared/contracts/calls';
import { type RouteContract, schemaOf } from '#shared/contracts/contract';
import { CONTRACTS } from '#shared/contracts/index';
import type { ingestLeadPreview, intakeOutreach } from '#shared/contracts/intake';
import type { canonicalLead, unifiedLead } from '#shared/contracts/leads';
import type { cursorPagination, offsetPagination } from '#shared/contracts/responses';
import type { session as sessionSchema } from '#shared/contracts/sessions';
import type { smsCampaign } from '#shared/contracts/sms-campaigns';
import type { supportTicket } from '#shared/contracts/support-tickets';
import { computeFunnel, type FunnelCounts } from '#shared/domain/analytics';
import type { CallRecord } from '#shared/domain/calls';
import type { LeadRecord } from '#shared/domain/leads';
import { buildOpenApiDocument } from '#shared/openapi/document';
import { OPERATION_DOCS } from '#shared/openapi/operations';
import type { CursorPagination } from '#shared/pagination/cursor';
import type { OffsetPagination } from '#shared/pagination/offset';
import { presentFunnel, type SchedulerAnalyticsBody } from '#shared/presenters/analytics';
import { presentCall } from '#shared/presenters/calls';
import type { presentIngestPreview, presentIntakeOutreach } from '#shared/presenters/intake';
import { presentCanonicalLead, presentUnifiedLead } from '#shared/presenters/leads';
import { presentSession } from '#shared/presenters/sessions';
import type { presentCampaign } from '#shared/presenters/sms-campaigns';
import type { presentSupportTicket } from '#shared/presenters/support-tickets';
import { ROUTES } from '#shared/routes';
import { MAX_RANGE_DAYS, V0_LIMIT, V1_LIMIT } from '#shared/schemas/query-parts';
import { handler as getOpenApi } from '../../../../functions/get-openapi/handler';
import { proxyEvent } from '../../../support/api-gateway-event';
import { session } from '../../../support/factories';
import { COMPONENTS_ID, documentAjv } from '../../../support/openapi-ajv';
import { schedulerAnalyticsBody } from '../../../support/scheduler-analytics';

process.env.LOG_LEVEL = 'silent';

type Json = Record<string, unknown>;

const doc = buildOpenApiDocument();

const { ajv, rewrite } = documentAjv(doc);

function errorsAgainst(component: string, value: unknown): string[] {
  const validate = ajv.getSchema(`${COMPONENTS_ID}#/$defs/${component}`);
  if (!validate) throw new Error(`no component ${component}`);
  return validate(JSON.parse(JSON.stringify(value))) ? [] : [ajv.errorsText(validate.errors)];
}

function operation(route: (typeof ROUTES)[number]): Json {
  return doc.paths[route.path]?.[route.method.toLowerCase()] as Json;
}

function resolvePointer(ref: string): unknown {
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    node = node && typeof node === 'object' ? (node as Json)[key] : undefined;
  }
  return node;
}

function collectRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) collectRefs(item, out);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else collectRefs(value, out);
    }
  }
  return out;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1.0 describing API version 1.3.0 with the three servers', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.3.0');
    expect(doc.servers.map((s) => (s as { url: string }).url)).toEqual(['{base_url}', '{platform_url}', '{intake_url}']);
  });

  it("uses 3.1's default JSON Schema dialect (no jsonSchemaDialect) and names the project's license", () => {
    expect(doc).not.toHaveProperty('jsonSchemaDialect');
    const pkg = JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as { license: string };
    expect(doc.info.license.name).toContain(pkg.license);
  });

  it('has a license object that the OpenAPI 3.1 schema and a strict license lint both accept', () => {
    // The License Object of the OpenAPI 3.1 schema (spec.openapis.org/oas/3.1/schema), which
    // swagger-parser validates against: a name, an identifier or a url, never both, nothing else.
    const licenseObject = {
      type: 'object',
      properties: { name: { type: 'string' }, identifier: { type: 'string' }, url: { type: 'string', format: 'uri' } },
      required: ['name'],
      dependentSchemas: { identifier: { not: { required: ['url'] } } },
      patternProperties: { '^x-': true },
      unevaluatedProperties: false,
    };
    const validate = new Ajv2020({ strict: true, formats: { uri: /^[a-z][a-z0-9+.-]*:[^\s]*$/i } }).compile(licenseObject);
    expect({ valid: validate(doc.info.license), errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
    // Redocly's info-license-strict on 3.1: a non-blank url or identifier.
    const { identifier } = doc.info.license;
    expect(identifier.trim()).not.toBe('');
    // An SPDX license expression; a license outside SPDX's list takes the LicenseRef- form.
    expect(identifier).toMatch(/^LicenseRef-[A-Za-z0-9.-]+$/);
    // And the check can fail: a name alone, or both forms at once, is refused.
    expect(validate({ name: 'x', identifier: 'MIT', url: 'https://example.com/license' })).toBe(false);
  });

  it('has a contract for every route in the route table, and none for unknown routes', () => {
    const ids: string[] = ROUTES.map((r) => r.id);
    expect(ids.filter((id) => !(id in CONTRACTS))).toEqual([]);
    expect(Object.keys(CONTRACTS).filter((id) => !ids.includes(id))).toEqual([]);
  });

  it('lists every route with its method, path and operationId, each operationId once', () => {
    for (const route of ROUTES) {
      expect(operation(route)).toMatchObject({ operationId: route.id, summary: route.summary, tags: [route.tag] });
    }
    const operationIds = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(operationIds.sort()).toEqual(ROUTES.map((r) => r.id).sort());
  });

  it('puts bearer security, the required permission and 401/403 responses on every protected route', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const route of ROUTES) {
      const op = operation(route);
      const statuses = Object.keys(op.responses as Json);
      if (route.permission === null) {
        expect(op.security).toEqual([]);
        // A public route answers 401 only when it authenticates by other means and says so in its
        // contract (the Google lead-form route: google_key in the body).
        const contract = CONTRACTS[route.id] as RouteContract;
        if (contract.errors?.[401] === undefined) expect(statuses).not.toContain('401');
        else expect(statuses).toContain('401');
      } else {
        expect(op.security).toContainEqual({ bearerAuth: [] });
        expect(op['x-required-permission']).toBe(route.permission);
        expect(op.description).toContain(`\`${route.permission}\``);
        expect(statuses).toEqual(expect.arrayContaining(['401', '403', '404']));
      }
      expect({ route: route.id, success: statuses.some((s) => /^2\d\d$/.test(s)) }).toEqual({ route: route.id, success: true });
    }
  });

  it('documents 400 on every route that takes parameters', () => {
    for (const route of ROUTES) {
      const op = operation(route);
      if (op.parameters) expect(Object.keys(op.responses as Json)).toContain('400');
    }
  });

  it('describes every parameter; path parameters are required', () => {
    for (const route of ROUTES) {
      for (const parameter of (operation(route).parameters ?? []) as Json[]) {
        expect({ route: route.id, name: parameter.name, described: String(parameter.description).length > 10 }).toEqual({
          route: route.id,
          name: parameter.name,
          described: true,
        });
        if (parameter.in === 'path') expect(parameter.required).toBe(true);
      }
      for (const name of route.path.match(/\{([^}]+)\}/g) ?? []) {
        const names = ((operation(route).parameters ?? []) as Json[]).filter((p) => p.in === 'path').map((p) => p.name);
        expect(names).toContain(name.slice(1, -1));
      }
    }
  });

  it('documents v0 team selection with the x-team-id header on the v0 team routes', () => {
    for (const id of ['getSchedulerAnalytics', 'listUnifiedLeads', 'listCalls']) {
      const op = operation(ROUTES.find((r) => r.id === id) as (typeof ROUTES)[number]);
      const header = ((op.parameters ?? []) as Json[]).find((p) => p.in === 'header');
      expect(header).toMatchObject({ name: 'x-team-id', required: false, schema: { type: 'integer', minimum: 1 } });
      expect(((op.parameters ?? []) as Json[]).map((p) => p.name)).toContain('team_id');
    }
  });

  it('generates parameter schemas from the request schemas: integers, bounds and defaults', () => {
    const param = (routeId: string, name: string) =>
      ((operation(ROUTES.find((r) => r.id === routeId) as (typeof ROUTES)[number]).parameters ?? []) as Json[]).find(
        (p) => p.name === name,
      );
    expect(param('listTeamSessions', 'limit')?.schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: V1_LIMIT.max,
      default: V1_LIMIT.default,
    });
    expect(param('listUnifiedLeads', 'limit')?.schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: V0_LIMIT.max,
      default: V0_LIMIT.default,
    });
    expect(param('listCalls', 'offset')?.schema).toEqual({ type: 'integer', minimum: 0, default: 0 });
    expect(param('listBookings', 'include_test_teams')?.schema).toEqual({ type: 'string', enum: ['true', 'false'], default: 'false' });
    expect(param('getTeamFunnel', 'timezone')?.schema).toMatchObject({ type: 'string', default: 'America/New_York' });
    expect(param('listSessions', 'start_date')?.schema).toEqual({ type: 'string', format: 'date-time' });
    expect(param('listBookings', 'start_date')?.description).toContain('completed_at');
    expect(param('listUnifiedLeads', 'end_date')?.description).toContain('datetime');
    expect(param('listTeamSessions', 'limit')?.description).toContain('must be at most 500');
  });

  it('states date filters, order, cursor rules and metric definitions in the descriptions', () => {
    const describe = (id: string) => String(operation(ROUTES.find((r) => r.id === id) as (typeof ROUTES)[number]).description);
    expect(describe('listBookings')).toMatch(/apply to completed_at; start_date is inclusive, end_date exclusive/);
    expect(describe('listCalls')).toMatch(/last 7 days/);
    expect(describe('listSessions')).toMatch(/HMAC-signed/);
    expect(describe('listTeamSessions')).toMatch(/newest first by started_at; ties by team, then id, descending/);
    expect(describe('getSchedulerAnalytics')).toMatch(/23 or 25 hours/);
    expect(describe('getTeamFunnel')).toMatch(/rounded to 4 decimals, and 0 when there are no sessions/);
    expect(describe('listCalls')).toMatch(/read:transcripts/);
  });

  it('states the maximum date range exactly where the query schema enforces one', () => {
    const DAY = 86_400_000;
    const end = '2026-11-01T00:00:00Z';
    for (const route of ROUTES) {
      const { query }: RouteContract = CONTRACTS[route.id];
      if (!query || !OPERATION_DOCS[route.id]?.dateFilter) continue;
      const wide = { start_date: new Date(Date.parse(end) - (MAX_RANGE_DAYS * DAY + 1)).toISOString(), end_date: end };
      const refused = !z.safeParse(schemaOf(query), wide).success;
      const documented = String(operation(route).description).includes(`may span at most ${MAX_RANGE_DAYS} days`);
      expect({ route: route.id, refused, documented }).toEqual({ route: route.id, refused: documented, documented });
    }
  });

  it('resolves every $ref inside the document', () => {
    const unresolved = collectRefs(doc).filter((ref) => !ref.startsWith('#/') || resolvePointer(ref) === undefined);
    expect(unresolved).toEqual([]);
  });

  it('compiles every schema with ajv (JSON Schema 2020-12, strict mode)', () => {
    for (const name of Object.keys(doc.components.schemas))
      expect(ajv.getSchema(`https://contract.test/openapi.json#/$defs/${name}`)).toBeDefined();
    for (const methods of Object.values(doc.paths)) {
      for (const op of Object.values(methods)) {
        for (const parameter of (op.parameters ?? []) as Json[]) expect(() => ajv.compile(rewrite(parameter.schema as Json))).not.toThrow();
        const body = (op.requestBody as { content: Record<string, { schema: Json }> } | undefined)?.content['application/json']?.schema;
        if (body) expect(() => ajv.compile(rewrite(body))).not.toThrow();
      }
    }
  });

  it('closes the objects whose shape is fully known', () => {
    for (const name of [
      'Session',
      'FunnelCounts',
      'UnifiedLead',
      'CanonicalLead',
      'Call',
      'Team',
      'Error',
      'CursorPagination',
      'OffsetPagination',
    ]) {
      expect(doc.components.schemas[name]).toMatchObject({ additionalProperties: false });
    }
  });
});

describe('the response schemas against the domain mappers', () => {
  const lead: LeadRecord = {
    id: '0b6f3c1e-5d2a-4c8b-9e7f-1a2b3c4d5e6f',
    lead_id: 42,
    team_id: 1,
    type: 'web_chat',
    datetime: '2026-03-01T12:00:00.000Z',
    status: 'new',
    customer_name: 'Ada',
    customer_phone: null,
    customer_email: 'ada@example.com',
    lead_content: { message: 'leaking tap' },
    agent: null,
    referrer_url: null,
    attribution: { utm_source: 'google', utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null, gclid: null },
    external_id: 'crm-1',
    source: 'website',
    outreach: null,
    appointment: null,
  };
  const call: CallRecord = {
    call_id: '7d9e2b4a-1c3f-4e5d-8a6b-9c0d1e2f3a4b',
    team_id: 1,
    provider_call_id: 'prov-1',
    type: 'inboundPhoneCall',
    direction: 'inbound',
    customer: { name: null, phone: '+15551230000' },
    started_at: '2026-03-01T12:00:00.000Z',
    ended_at: '2026-03-01T12:03:00.000Z',
    duration_seconds: 180,
    transcript: 'AI: hello',
    summary: null,
    recording_url: null,
    analysis: { call_reason: null, sentiment: 'positive', booking_intent: true, urgency: 'standard' },
    ended_reason: 'customer-ended-call',
    cost: 0.12,
    appointment_id: null,
    ticket_id: null,
    lead_id: null,
    stl_call_id: null,
    created_at: '2026-03-01T12:03:01.000Z',
  };
  const booked = session({
    status: 'booked',
    completed_at: '2026-03-01T12:05:00.000Z',
    selected_date: '2026-03-04',
    selected_time: '09:00',
    utm: { source: 'google', medium: 'cpc', campaign: null, term: null, content: null },
    google_ads: { gclid: 'g1', wbraid: null, gbraid: null },
    service_area: 'North',
    issue_type: 'Leak',
    conversion_value: 350,
    events: [{ event_type: 'booking_completed', created_at: '2026-03-01T12:05:00.000Z' }],
  });

  it('accepts what presentSession, presentUnifiedLead, presentCanonicalLead and presentCall return', () => {
    expect(errorsAgainst('Session', presentSession(booked))).toEqual([]);
    expect(errorsAgainst('Session', presentSession(session()))).toEqual([]);
    expect(errorsAgainst('UnifiedLead', presentUnifiedLead(lead))).toEqual([]);
    expect(errorsAgainst('CanonicalLead', presentCanonicalLead(lead))).toEqual([]);
    expect(errorsAgainst('Call', presentCall(call, true))).toEqual([]);
    expect(errorsAgainst('Call', presentCall(call, false))).toEqual([]);
  });

  it('accepts the funnel and every scheduler analytics block, and rejects an undocumented field', () => {
    expect(errorsAgainst('FunnelCounts', presentFunnel(computeFunnel([booked, session()])))).toEqual([]);
    expect(errorsAgainst('FunnelCounts', presentFunnel(computeFunnel([])))).toEqual([]);
    const body = schedulerAnalyticsBody([booked, session({ status: 'dropped_off' })], {
      start: '2026-02-28T00:00:00.000Z',
      end: '2026-03-03T00:00:00.000Z',
      timezone: 'America/New_York',
      blocks: ['funnel', 'bookings', 'chartData', 'utmData', 'googleAdsData', 'serviceAreaData', 'issueTypeData', 'customerEvents'],
      limit: 10,
      offset: 0,
    });
    expect(errorsAgainst('SchedulerAnalyticsResponse', body)).toEqual([]);
    expect(errorsAgainst('Session', { ...presentSession(booked), service_area: 'North' })).not.toEqual([]);
  });

  // Type assertions (expect-type): `npm run typecheck` (tsc) fails on a mismatch; Jest only runs the no-op calls.
  it('matches the domain types at compile time', () => {
    expectTypeOf<z.output<ReturnType<typeof sessionSchema>>>().toEqualTypeOf<ReturnType<typeof presentSession>>();
    expectTypeOf<z.output<ReturnType<typeof funnelCounts>>>().toEqualTypeOf<FunnelCounts>();
    expectTypeOf<z.output<ReturnType<typeof unifiedLead>>>().toEqualTypeOf<ReturnType<typeof presentUnifiedLead>>();
    expectTypeOf<z.output<ReturnType<typeof canonicalLead>>>().toEqualTypeOf<ReturnType<typeof presentCanonicalLead>>();
    expectTypeOf<z.output<ReturnType<typeof cursorPagination>>>().toEqualTypeOf<CursorPagination>();
    expectTypeOf<z.output<ReturnType<typeof offsetPagination>>>().toEqualTypeOf<OffsetPagination>();
    expectTypeOf<z.output<ReturnType<typeof callSchema>>>().toEqualTypeOf<ReturnType<typeof presentCall>>();
    expectTypeOf<z.output<ReturnType<typeof schedulerAnalyticsResponse>>>().toEqualTypeOf<SchedulerAnalyticsBody>();
    expectTypeOf<z.output<ReturnType<typeof smsCampaign>>>().toEqualTypeOf<ReturnType<typeof presentCampaign>>();
    expectTypeOf<z.output<ReturnType<typeof supportTicket>>>().toEqualTypeOf<ReturnType<typeof presentSupportTicket>>();
    expectTypeOf<z.output<ReturnType<typeof intakeOutreach>>>().toEqualTypeOf<ReturnType<typeof presentIntakeOutreach>>();
    expectTypeOf<z.output<ReturnType<typeof ingestLeadPreview>>>().toEqualTypeOf<ReturnType<typeof presentIngestPreview>>();
  });
});

describe('GET /api/openapi.json', () => {
  it('answers the document without an identity', async () => {
    const event = proxyEvent({
      resource: '/api/openapi.json',
      path: '/api/openapi.json',
      requestContext: { requestId: 'req-openapi', authorizer: null } as unknown as APIGatewayProxyEvent['requestContext'],
    });
    const response = await getOpenApi(event, {} as Context);
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['content-type']).toBe('application/json');
    expect(JSON.parse(response.body)).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
