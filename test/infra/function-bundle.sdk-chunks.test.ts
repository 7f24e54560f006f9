import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { build, type Metafile } from 'esbuild';
import { BUNDLE_ENTRY_FILE, functionBuildOptions, outputsLoadedAtStart } from '../../lib/function-bundle';

/**
 * The SDK code only first-use clients use stays in their chunks
 * (docs/adr/0203-sdk-code-of-first-use-clients-stays-in-their-chunks.md): the DynamoDB client
 * reaches @smithy/core's and @aws-sdk/core's barrels, and without the bundling's
 * `sdk-imports-past-barrels` plugin every file those re-export was written into the chunk read at
 * load. Checked here: what functions with first-use SQS, Scheduler, EventBridge or S3 clients read at load, and
 * that the clients bundled with the plugin send and read exactly what they do without it.
 */

const ROOT = path.resolve(__dirname, '..', '..');
const BARREL_PLUGIN = 'sdk-imports-past-barrels';
let outRoot: string;

beforeAll(() => {
  outRoot = mkdtempSync(path.join(tmpdir(), 'function-bundle-sdk-'));
});

afterAll(() => {
  rmSync(outRoot, { recursive: true, force: true });
});

async function bundle(name: string, entry: string, withBarrelPlugin = true): Promise<{ outdir: string; metafile: Metafile }> {
  const outdir = path.join(outRoot, name);
  const options = functionBuildOptions(ROOT, entry, outdir);
  const plugins = (options.plugins ?? []).filter((plugin) => withBarrelPlugin || plugin.name !== BARREL_PLUGIN);
  // The SDK packages resolve from the project's folder wherever the entry is written.
  const result = await build({ ...options, plugins, nodePaths: [path.join(ROOT, 'node_modules')], metafile: true, logLevel: 'silent' });
  if (!result.metafile) throw new Error('no metafile');
  return { outdir, metafile: result.metafile };
}

const inputsAtLoad = (metafile: Metafile): string[] =>
  [...outputsLoadedAtStart(metafile)].flatMap((output) => Object.keys(metafile.outputs[output]?.inputs ?? {}));

/**
 * SDK files only the REST-JSON, XML or SQS clients use: the Scheduler's protocol, the HTTP-binding
 * protocol and its string serde, MD5, stream mixins; S3's XML protocol, XML builder and waiters.
 */
const FIRST_USE_CLIENT_CODE = new RegExp(
  [
    String.raw`node_modules/@(smithy|aws-sdk)/core/dist-es/submodules/(protocols/json/AwsRestJsonProtocol|protocols/HttpBindingProtocol|`,
    String.raw`protocols/serde/(ToString|FromString)Shape|protocols/xml/|checksum/md5/|serde/util-stream/sdk-stream-mixin|client/util-waiter/)`,
    String.raw`|node_modules/@aws-sdk/xml-builder/`,
  ].join(''),
);

describe('SDK code of first-use clients', () => {
  it.each([
    'create-sms-campaign',
    'widget-api',
    'widget-worker',
    'receive-voice-report',
    'ingest-lead',
    'campaign-sender',
    'export-worker',
    'data-deletion-worker',
  ])(
    '%s reads none of it at load',
    async (name) => {
      const { metafile } = await bundle(name, path.join(ROOT, 'functions', name, 'handler.ts'));
      expect(inputsAtLoad(metafile).filter((input) => FIRST_USE_CLIENT_CODE.test(input))).toEqual([]);
    },
    60_000,
  );

  it.each([
    ['create-sms-campaign', /AwsRestJsonProtocol/],
    ['export-worker', /protocols\/xml\/AwsRestXmlProtocol/],
  ])(
    'lands at load in %s without the barrel plugin, so the check above can fail',
    async (name, file) => {
      const { metafile } = await bundle(`${name}-unplugged`, path.join(ROOT, 'functions', name, 'handler.ts'), false);
      expect(inputsAtLoad(metafile).filter((input) => FIRST_USE_CLIENT_CODE.test(input) && file.test(input))).toHaveLength(1);
    },
    60_000,
  );

  it('leaves every SDK client sending and reading the same as without the plugin', async () => {
    const server = await startRecordingServer();
    try {
      const entry = path.join(outRoot, 'clients.mjs');
      writeFileSync(entry, CLIENTS_ENTRY);
      const answers = [];
      for (const withPlugin of [true, false]) {
        const { outdir } = await bundle(withPlugin ? 'clients-plugged' : 'clients-unplugged', entry, withPlugin);
        const script = `import(${JSON.stringify(path.join(outdir, BUNDLE_ENTRY_FILE))}).then((m) => m.handler(process.argv[1])).then((a) => process.stdout.write(JSON.stringify(a)))`;
        const { stdout } = await promisify(execFile)(process.execPath, ['-e', script, server.endpoint], { env: CLIENT_ENV });
        answers.push({ outputs: JSON.parse(stdout) as unknown, requests: server.requests.splice(0) });
      }
      const [plugged, unplugged] = answers;
      expect(plugged).toEqual(unplugged);
      expect(plugged?.outputs).toEqual({
        item: { pk: { S: 'team#1' } },
        messageId: 'message-1',
        scheduleArn: 'arn:aws:scheduler:us-east-1:123456789012:schedule/default/visit-1',
        eventIds: ['event-1'],
        etag: '"etag-1"',
      });
      expect(plugged?.requests.map((request) => `${request.method} ${request.target ?? request.url}`)).toEqual([
        'POST DynamoDB_20120810.GetItem',
        'POST AmazonSQS.SendMessage',
        'POST /schedules/visit-1',
        'POST AWSEvents.PutEvents',
        'PUT /bucket-1/export.csv?x-id=PutObject',
      ]);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

const CLIENT_ENV = {
  PATH: process.env.PATH ?? '',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  NODE_OPTIONS: '--enable-source-maps',
};

/** DynamoDB at load, the others on first use, as the functions import them. */
const CLIENTS_ENTRY = `
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
export async function handler(endpoint) {
  const config = { endpoint, forcePathStyle: true, maxAttempts: 1 };
  const item = (await new DynamoDBClient(config).send(new GetItemCommand({ TableName: 'teams', Key: { pk: { S: 'team#1' } } }))).Item;
  const sqs = await import('@aws-sdk/client-sqs');
  const sent = await new sqs.SQSClient(config).send(new sqs.SendMessageCommand({ QueueUrl: endpoint + '/123456789012/work', MessageBody: 'hello' }));
  const scheduler = await import('@aws-sdk/client-scheduler');
  const schedule = await new scheduler.SchedulerClient(config).send(new scheduler.CreateScheduleCommand({
    Name: 'visit-1', ScheduleExpression: 'at(2030-01-01T10:00:00)', FlexibleTimeWindow: { Mode: 'OFF' },
    Target: { Arn: 'arn:aws:sqs:us-east-1:123456789012:work', RoleArn: 'arn:aws:iam::123456789012:role/r', Input: '{}' }, ClientToken: 'token-1' }));
  const events = await import('@aws-sdk/client-eventbridge');
  const put = await new events.EventBridgeClient(config).send(new events.PutEventsCommand({ Entries: [{ Source: 's', DetailType: 'd', Detail: '{}' }] }));
  const s3 = await import('@aws-sdk/client-s3');
  const object = await new s3.S3Client(config).send(new s3.PutObjectCommand({ Bucket: 'bucket-1', Key: 'export.csv', Body: 'a,b\\n' }));
  return { item, messageId: sent.MessageId, scheduleArn: schedule.ScheduleArn, eventIds: put.Entries.map((e) => e.EventId), etag: object.ETag };
}
`;

interface RecordedRequest {
  readonly method: string | undefined;
  readonly url: string | undefined;
  readonly target: string | undefined;
  readonly contentType: string | undefined;
  readonly checksums: string[];
  readonly body: string;
}

/** Answers each service's call with a fixed reply and records what the client sent (the signature aside, which carries the time). */
async function startRecordingServer(): Promise<{ endpoint: string; requests: RecordedRequest[]; stop: () => Promise<void> }> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const target = request.headers['x-amz-target'];
      requests.push({
        method: request.method,
        url: request.url,
        target: typeof target === 'string' ? target : undefined,
        contentType: request.headers['content-type'],
        checksums: Object.keys(request.headers)
          .filter((name) => /checksum|content-md5/.test(name))
          .sort(),
        body,
      });
      const answer = answerTo(typeof target === 'string' ? target : `${request.method} ${request.url}`);
      response.writeHead(200, answer.headers);
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Each service's fixed answer: its content type and body (S3's PutObject answers an ETag and no body). */
function answerTo(call: string): { headers: Record<string, string>; body: string } {
  const json = (body: unknown, type = 'application/x-amz-json-1.0') => ({ headers: { 'content-type': type }, body: JSON.stringify(body) });
  if (call === 'DynamoDB_20120810.GetItem') return json({ Item: { pk: { S: 'team#1' } } });
  // The SQS client checks the body's MD5 against the one the queue answers.
  if (call === 'AmazonSQS.SendMessage')
    return json({ MessageId: 'message-1', MD5OfMessageBody: createHash('md5').update('hello').digest('hex') });
  if (call === 'AWSEvents.PutEvents') return json({ FailedEntryCount: 0, Entries: [{ EventId: 'event-1' }] }, 'application/x-amz-json-1.1');
  if (call.startsWith('POST /schedules/'))
    return json({ ScheduleArn: 'arn:aws:scheduler:us-east-1:123456789012:schedule/default/visit-1' }, 'application/json');
  return { headers: { etag: '"etag-1"' }, body: '' };
}
