import { App } from 'aws-cdk-lib';
import { TABLES, tableNameEnvVar } from '#shared/adapters/dynamodb/tables';
import { isIdempotent, ROUTES, type Surface } from '#shared/routes';
import { WORKERS } from '#shared/workers/definitions';
import { Service } from '../../lib/service';
import type { ServiceFunction } from '../../lib/service-function';
import {
  actionsOf,
  logicalIdOf,
  type Resources,
  referencedLogicalIds,
  resourceOf,
  roleStatements,
  serviceTemplate,
} from './template-helpers';

/**
 * The Idempotency-Key records table: created with TTL, point-in-time recovery and encryption, and
 * reachable only by the functions of routes that honour the header. Synthesized without bundling
 * (service-stack.test.ts bundles every function and runs cdk-nag over the same stack).
 */
const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] };
const ITEM_ACTIONS = ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];

let stack: Service;
let resources: Resources;
let tableId: string;

beforeAll(() => {
  const app = new App({ builtinCloudFormationValidation: false, context: NO_BUNDLING });
  stack = new Service(app, 'LeadCallSchedulingService');
  resources = serviceTemplate(stack).Resources;
  tableId = logicalIdOf(stack.data.tables.idempotency);
});

/** Every function of the stack, labelled, with whether its routes honour Idempotency-Key. */
function everyFunction(): { label: string; fn: ServiceFunction; idempotent: boolean }[] {
  const result = [{ label: 'authorizer', fn: stack.authorizer, idempotent: false }];
  for (const [surface, api] of Object.entries(stack.apis) as [Surface, NonNullable<(typeof stack.apis)[Surface]>][]) {
    for (const [functionName, fn] of api.functions) {
      const rows = ROUTES.filter((route) => route.surface === surface && route.functionName === functionName);
      result.push({ label: functionName, fn, idempotent: rows.some(isIdempotent) });
    }
  }
  for (const worker of WORKERS) {
    const fn = stack.workers.functions.get(worker.functionName);
    if (!fn) throw new Error(`no function for worker ${worker.functionName}`);
    result.push({ label: `worker ${worker.functionName}`, fn, idempotent: false });
  }
  return result;
}

describe('the idempotency table', () => {
  it('is keyed by id alone, expires items by TTL on expiration, and has point-in-time recovery and encryption', () => {
    expect(TABLES.idempotency.sortKey).toBeUndefined();
    expect(resourceOf(resources, tableId).Properties).toMatchObject({
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      TimeToLiveSpecification: { AttributeName: 'expiration', Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
      BillingMode: 'PAY_PER_REQUEST',
    });
    expect(resourceOf(resources, tableId)).toMatchObject({ DeletionPolicy: 'Retain' });
  });

  it('sets TTL only on tables whose definition names an attribute', () => {
    for (const definition of Object.values(TABLES)) {
      const ttl = resourceOf(resources, logicalIdOf(stack.data.tables[definition.name])).Properties?.TimeToLiveSpecification;
      expect({ table: definition.name, ttl }).toEqual({
        table: definition.name,
        ttl: definition.timeToLiveAttribute ? { AttributeName: definition.timeToLiveAttribute, Enabled: true } : undefined,
      });
    }
  });

  it('is the table of exactly the POST routes that create something', () => {
    const idempotent = ROUTES.filter(isIdempotent).map((route) => route.id);
    expect(idempotent.sort()).toEqual([
      // An integrator's changes of a visit (one function, change-appointment, serves the four).
      'cancelAppointment',
      'cancelSmsCampaign',
      'completeAppointment',
      'createDataSubjectDeletion',
      'createExport',
      'createSmsCampaign',
      'ingestLead',
      'markAppointmentNoShow',
      'receiveInboundSms',
      'receiveVoiceReport',
      // Webhook create and rotate-secret are left out: a replay would store the plaintext secret
      // (docs/adr/0104-no-idempotency-key-on-webhook-secret-routes.md).
      'redeliverWebhook',
      'replayWebhook',
      'rescheduleAppointment',
      'testWebhook',
    ]);
    for (const route of ROUTES.filter(isIdempotent)) {
      expect({ route: route.id, method: route.method, access: route.tables.find((t) => t.table === 'idempotency')?.access }).toEqual({
        route: route.id,
        method: 'POST',
        access: 'readwrite',
      });
    }
  });

  it('lets the functions of those routes read and write its items, and no other function reach it', () => {
    const functions = everyFunction();
    expect(functions.filter((f) => f.idempotent)).toHaveLength(new Set(ROUTES.filter(isIdempotent).map((r) => r.functionName)).size);

    for (const { label, fn, idempotent } of functions) {
      const statements = roleStatements(resources, logicalIdOf(fn.role)).filter((s) => referencedLogicalIds(s.Resource).has(tableId));
      const actions = statements.flatMap(actionsOf);
      const environment = resourceOf(resources, logicalIdOf(fn.function)).Properties?.Environment as
        | { Variables?: Record<string, unknown> }
        | undefined;
      const variables = environment?.Variables ?? {};

      if (idempotent) {
        expect({ label, actions }).toEqual({ label, actions: expect.arrayContaining(ITEM_ACTIONS) });
        expect({ label, management: actions.filter((a) => /Table|\*/.test(a) && a !== 'dynamodb:DescribeTable') }).toEqual({
          label,
          management: [],
        });
        expect(variables[tableNameEnvVar('idempotency')]).toEqual({ Ref: tableId });
      } else {
        expect({ label, actions }).toEqual({ label, actions: [] });
        expect({ label, variable: variables[tableNameEnvVar('idempotency')] }).toEqual({ label, variable: undefined });
      }
    }
  });
});
