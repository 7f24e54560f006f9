import { App } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { TABLES, tableNameEnvVar } from '#shared/adapters/dynamodb/tables';
import { STREAM_CONSUMERS } from '#shared/workers/definitions';
import { Service } from '../../lib/service';
import {
  actionsOf,
  environmentOf,
  logicalIdOf,
  ofType,
  type Resources,
  referencedLogicalIds,
  resourceOf,
  roleStatements,
  serviceTemplate,
} from './template-helpers';

/**
 * The rollup pipeline in the template: the sessions table's stream and indexes, the rollups table,
 * and per STREAM_CONSUMERS row a function with exactly its tables, an event source mapping with the
 * failure handling the handler relies on, an on-failure queue and the alarms.
 */
const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] };

let stack: Service;
let resources: Resources;

beforeAll(() => {
  const app = new App({ builtinCloudFormationValidation: false, context: NO_BUNDLING });
  stack = new Service(app, 'LeadCallSchedulingService', {
    voiceProvider: { baseUrl: 'https://voice.example.test', assistantId: 'a', phoneNumberId: 'p' },
    smsOriginationIdentity: 'pool-1',
  });
  resources = serviceTemplate(stack).Resources;
});

function tableResource(name: keyof typeof TABLES) {
  return resourceOf(resources, logicalIdOf(stack.data.tables[name]));
}

describe('tables', () => {
  it('gives every table with a stream in its definition a NEW_AND_OLD_IMAGES stream, and no other table one', () => {
    for (const definition of Object.values(TABLES)) {
      const spec = tableResource(definition.name).Properties?.StreamSpecification as { StreamViewType?: string } | undefined;
      expect([definition.name, spec?.StreamViewType]).toEqual([definition.name, definition.stream]);
    }
    expect(TABLES.sessions.stream).toBe('NEW_AND_OLD_IMAGES');
  });

  it('creates the sessions indexes for customerEvents and the enterprise lists, and the rollups table', () => {
    const indexes = ((tableResource('sessions').Properties?.GlobalSecondaryIndexes ?? []) as { IndexName: string }[]).map(
      (i) => i.IndexName,
    );
    expect(indexes).toEqual(
      expect.arrayContaining(['byActivity', 'bySchedulerActivity', 'byEnterprise', 'byEnterpriseStatus', 'enterpriseBookings']),
    );
    expect(tableResource('rollups').Properties?.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
  });
});

describe.each(STREAM_CONSUMERS.map((row) => [row.functionName, row] as const))('stream consumer %s', (_name, row) => {
  const consumer = () => {
    const found = stack.streamConsumers.consumers.get(row.functionName);
    if (!found) throw new Error(`no consumer ${row.functionName}`);
    return found;
  };

  it('reads its table stream with ReportBatchItemFailures, bisect on error, its retries and an on-failure queue', () => {
    const fnId = logicalIdOf(consumer().function.function);
    const mappings = ofType(resources, 'AWS::Lambda::EventSourceMapping').filter(([, m]) =>
      referencedLogicalIds(m.Properties?.FunctionName).has(fnId),
    );
    expect(mappings).toHaveLength(1);
    const props = (mappings[0] as [string, { Properties?: Record<string, unknown> }])[1].Properties ?? {};
    expect(props).toMatchObject({
      BatchSize: row.batchSize,
      MaximumBatchingWindowInSeconds: row.maxBatchingWindowSeconds,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: row.retryAttempts,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      StartingPosition: 'TRIM_HORIZON',
    });
    const tableId = logicalIdOf(stack.data.tables[row.table]);
    expect(JSON.stringify(props.EventSourceArn)).toContain(tableId);
    expect(JSON.stringify(props.EventSourceArn)).toContain('StreamArn');
    const onFailure = (props.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination;
    expect(referencedLogicalIds(onFailure).has(logicalIdOf(consumer().failureQueue))).toBe(true);
  });

  it('gets exactly the tables of its row, with the access the row names', () => {
    const environment = environmentOf(resources, consumer().function);
    const tableVariables = Object.keys(environment).filter((k) => k.startsWith('TABLE_'));
    expect(tableVariables.sort()).toEqual(row.tables.map((t) => tableNameEnvVar(t.table)).sort());
    const statements = roleStatements(resources, logicalIdOf(consumer().function.function.role as IConstruct));
    const writes = statements.filter((s) => actionsOf(s).some((a) => /PutItem|UpdateItem|BatchWriteItem|DeleteItem/.test(a)));
    const writtenTables = new Set(writes.flatMap((s) => [...referencedLogicalIds(s.Resource)]));
    for (const { table, access } of row.tables) {
      const id = logicalIdOf(stack.data.tables[table]);
      expect([table, writtenTables.has(id)]).toEqual([table, access === 'readwrite']);
    }
  });

  it('may put events on the service bus exactly when its row uses the event bus', () => {
    const environment = environmentOf(resources, consumer().function);
    const statements = roleStatements(resources, logicalIdOf(consumer().function.function.role as IConstruct));
    const publishes = statements.some((s) => actionsOf(s).includes('events:PutEvents'));
    const usesBus = (row.uses ?? []).includes('event-bus');
    expect({ bus: 'EVENT_BUS_NAME' in environment, publishes }).toEqual({ bus: usesBus, publishes: usesBus });
  });

  it('alarms on failed batches, a falling-behind iterator and errors', () => {
    const alarms = ofType(resources, 'AWS::CloudWatch::Alarm').map(([id, a]) => ({ id, props: a.Properties ?? {} }));
    const byId = (alarm: IConstruct) => alarms.find((a) => a.id === logicalIdOf(alarm));
    expect(byId(consumer().failureAlarm)?.props).toMatchObject({ Namespace: 'AWS/SQS', Threshold: 0 });
    expect(byId(consumer().iteratorAgeAlarm)?.props).toMatchObject({ MetricName: 'IteratorAge', Namespace: 'AWS/Lambda' });
    expect(byId(consumer().errorAlarm)?.props).toMatchObject({ MetricName: 'Errors', Namespace: 'AWS/Lambda' });
  });
});
