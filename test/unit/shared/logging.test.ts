import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';

/**
 * The logger and metrics modules as a deployed function uses them: JSON lines with the Lambda
 * context, the cold start flag and the correlation id; personal data redacted; EMF metrics only
 * where the stack sets a namespace; a worker logging the request id its message carries.
 */
type Modules = {
  logger: typeof import('#shared/logging/logger');
  metrics: typeof import('#shared/logging/metrics');
  batch: typeof import('#shared/workers/sqs-batch');
};

const savedEnv = { ...process.env };
afterEach(() => {
  process.env = { ...savedEnv };
});

/** Fresh modules under `env`, which stays set for the test (the logger reads it on its first line). */
function load(env: Record<string, string | undefined>): Modules {
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  let modules: Modules | undefined;
  jest.isolateModules(() => {
    modules = {
      logger: require('#shared/logging/logger'),
      metrics: require('#shared/logging/metrics'),
      batch: require('#shared/workers/sqs-batch'),
    };
  });
  if (!modules) throw new Error('not loaded');
  return modules;
}

/** Runs `fn` and returns the JSON lines it wrote to stdout and stderr. */
async function captured(fn: () => unknown | Promise<unknown>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const grab = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  const out = jest.spyOn(process.stdout, 'write').mockImplementation(grab);
  const err = jest.spyOn(process.stderr, 'write').mockImplementation(grab);
  try {
    await fn();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return lines
    .join('')
    .split('\n')
    .filter((l) => l.trim().startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const context = {
  functionName: 'ingest-lead',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:ingest-lead',
  memoryLimitInMB: '512',
  awsRequestId: 'lambda-request-1',
} as Context;

describe('the logger', () => {
  it('writes JSON with the level, the service, the Lambda context, cold start and the correlation id', async () => {
    // Lambda sets the initialization type; Powertools reports a cold start only for on-demand ones.
    const { logger } = load({ LOG_LEVEL: 'info', POWERTOOLS_SERVICE_NAME: 'svc', AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand' });
    const [line, second] = await captured(() => {
      logger.beginInvocation(context, 'api-request-1');
      logger.log('info', 'request', { status: 201 });
      logger.beginInvocation({ ...context, awsRequestId: 'lambda-request-2' }, 'api-request-2');
      logger.log('info', 'request', { status: 200 });
    });
    expect(second).toMatchObject({ cold_start: false, correlation_id: 'api-request-2', function_request_id: 'lambda-request-2' });
    expect(line).toMatchObject({
      level: 'INFO',
      message: 'request',
      service: 'svc',
      function_name: 'ingest-lead',
      function_request_id: 'lambda-request-1',
      cold_start: true,
      correlation_id: 'api-request-1',
      status: 201,
    });
  });

  it('redacts fields and values that hold phone numbers, emails or transcripts', async () => {
    const { logger } = load({ LOG_LEVEL: 'info' });
    const [line] = await captured(() =>
      logger.log('warn', 'failed', {
        phone_number: '+15551234567',
        transcript: 'hello, my card is …',
        email: 'a@b.co',
        leadId: 42,
        error: 'provider refused +15551234567 and jane@example.com at (555) 123-4567',
        at: '2026-11-23T05:00:00.000Z',
      }),
    );
    expect(line).toMatchObject({ phone_number: '[redacted]', transcript: '[redacted]', email: '[redacted]', leadId: 42 });
    expect(line?.error).toBe('provider refused [redacted] and [redacted] at [redacted]');
    expect(line?.at).toBe('2026-11-23T05:00:00.000Z');
  });

  it('is silent with LOG_LEVEL=silent', async () => {
    const { logger } = load({ LOG_LEVEL: 'silent' });
    expect(await captured(() => logger.log('error', 'boom'))).toEqual([]);
  });
});

describe('metrics', () => {
  it('record and print nothing without a namespace (npm start, tests)', async () => {
    const { metrics } = load({ POWERTOOLS_METRICS_NAMESPACE: undefined });
    expect(
      await captured(async () => {
        metrics.countMetric('LeadsIngested');
        metrics.dimensionedMetric('Http5xx', { route: 'listCalls' });
        await metrics.flushMetrics();
      }),
    ).toEqual([]);
  });

  it('print EMF under the namespace, with the route as a dimension of 4xx/5xx', async () => {
    const { metrics } = load({
      POWERTOOLS_METRICS_NAMESPACE: 'Ns',
      POWERTOOLS_SERVICE_NAME: 'svc',
      POWERTOOLS_METRICS_DISABLED: undefined,
    });
    const lines = await captured(async () => {
      metrics.dimensionedMetric('Http5xx', { route: 'listCalls' });
      metrics.countMetric('LeadsIngested');
      metrics.countMetric('TextsSent', 0);
      await metrics.flushMetrics();
      await metrics.flushMetrics();
    });
    expect(lines).toHaveLength(2);
    const [http, business] = lines as [Record<string, unknown>, Record<string, unknown>];
    expect(http).toMatchObject({ Http5xx: 1, route: 'listCalls', service: 'svc' });
    expect(JSON.stringify(http._aws)).toContain('"Namespace":"Ns"');
    expect(business).toMatchObject({ LeadsIngested: 1, service: 'svc' });
    expect(business).not.toHaveProperty('TextsSent');
  });
});

describe('a worker', () => {
  it('logs each record with the correlation id its message attribute carries, and sends it on', async () => {
    const { batch, logger } = load({ LOG_LEVEL: 'info' });
    const record = (id: string, correlation?: string) =>
      ({
        messageId: id,
        body: '{}',
        attributes: { ApproximateReceiveCount: '1' },
        messageAttributes: correlation ? { correlation_id: { stringValue: correlation, dataType: 'String' } } : {},
      }) as unknown as SQSRecord;
    const seen: (string | undefined)[] = [];
    const lines = await captured(() =>
      batch.processSqsBatch(
        { Records: [record('m1', 'api-request-7'), record('m2')] } as SQSEvent,
        async (r) => {
          seen.push(logger.currentCorrelationId());
          logger.log('info', 'processed', { messageId: r.messageId });
        },
        context,
      ),
    );
    expect(seen).toEqual(['api-request-7', undefined]);
    expect(lines.map((l) => l.correlation_id)).toEqual(['api-request-7', undefined]);
    expect(logger.currentCorrelationId()).toBeUndefined();
  });
});
