import { execFile, execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { Metafile } from 'esbuild';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { RESOURCE_USE_ENV } from '#shared/adapters/runtime/resource-env';
import { generateApiKey } from '#shared/auth/api-key';
import { buildOpenApiDocument } from '#shared/openapi/document';
import { LOAD_ENV } from '../../bench/cold-probe';
import { BUNDLE_ENTRY_FILE, outputsLoadedAtStart } from '../../lib/function-bundle';
import { startEmulator } from '../support/emulator';
import { bundleFunction, bundlesFolder, type FunctionBundle } from '../support/function-bundles';
import { createTenancyFixture } from '../support/tenancy-fixture';

/**
 * The functions as the stack bundles them (lib/function-bundle.ts, the options ServiceFunction
 * deploys with): an ES module entry with code splitting. Checked here:
 * - the bundle runs as Lambda loads it: index.mjs imports with the deployed kind of environment,
 *   exports the handler, and every chunk (what `import()` loads on a first request) loads too, so a
 *   CommonJS dependency's `require` works in the ES module output;
 * - what each write function reads at load (its entry and the chunks it imports statically) leaves
 *   out what only some requests need (docs/adr/0119-cold-start-build-only-what-requests-need.md): the SDK clients other than
 *   DynamoDB, Powertools' idempotency, luxon, chrono-node and libphonenumber where only some
 *   requests need them, and other routes' request schemas.
 */

const ROOT = path.resolve(__dirname, '..', '..');
const folder = bundlesFolder('function-bundle-');
const bundle = (functionName: string): Promise<FunctionBundle> => bundleFunction(folder(), functionName);

const LOADED_ON_FIRST_USE = [
  /node_modules\/@aws-sdk\/client-(sqs|eventbridge|scheduler|pinpoint-sms-voice-v2)\//,
  /node_modules\/@aws-lambda-powertools\/idempotency\//,
];

describe('function bundles', () => {
  it('load as Lambda loads them, every chunk included', async () => {
    const { outdir } = await bundle('ingest-lead');
    const chunks = readdirSync(path.join(outdir, 'chunks')).filter((file) => file.endsWith('.mjs'));
    expect(chunks.length).toBeGreaterThan(1);
    const script = `
      const { pathToFileURL } = require('node:url');
      (async () => {
        const mod = await import(pathToFileURL(process.argv[1]).href);
        if (typeof mod.handler !== 'function') throw new Error('no handler export');
        for (const chunk of process.argv.slice(2)) await import(pathToFileURL(chunk).href);
        process.stdout.write('loaded ' + (process.argv.length - 2));
      })().catch((error) => { console.error(error); process.exit(1); });`;
    const out = execFileSync(
      process.execPath,
      ['-e', script, path.join(outdir, BUNDLE_ENTRY_FILE), ...chunks.map((chunk) => path.join(outdir, 'chunks', chunk))],
      { env: { ...LOAD_ENV, NODE_OPTIONS: '--enable-source-maps' }, encoding: 'utf8' },
    );
    expect(out).toBe(`loaded ${chunks.length}`);
  }, 60_000);

  it.each([
    ['ingest-lead', [/node_modules\/luxon\//], []],
    // The responder and the report's processing come with the first end-of-call report, not for a status update.
    [
      'receive-voice-report',
      [
        /node_modules\/(luxon|chrono-node|libphonenumber-js)\//,
        /shared\/domain\/phone-metadata\.ts$/,
        /shared\/domain\/voice\/(responder|process-report|intent-rules-data)\.ts$/,
        /shared\/adapters\/http\/llm-responder\.ts$/,
        // The call store (stored call, lead and visit schemas) with the first transfer update or report.
        /shared\/adapters\/dynamodb\/(call-store|call-items|lead-store|appointment-items)\.ts$/,
      ],
      [],
    ],
    ['cancel-sms-campaign', [], ['must be an array of recipients', 'The sender’s number']],
    // Its own store over the campaigns table: no campaign, chunk or send item schema, no cap ledger.
    [
      'receive-inbound-sms',
      [/shared\/adapters\/dynamodb\/(sms-campaign-store|sms-campaign-sends|cap-ledger)\.ts$/],
      ['must be an array of recipients'],
    ],
  ])(
    '%s reads at load nothing that only some of its requests need',
    async (functionName, laterInputs, laterTexts) => {
      const { metafile } = await bundle(functionName);
      const loaded = [...outputsLoadedAtStart(metafile)];
      const inputs = loaded.flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}));
      for (const pattern of [...LOADED_ON_FIRST_USE, ...laterInputs]) {
        expect(inputs.filter((input) => pattern.test(input))).toEqual([]);
      }
      // Schemas of other routes (or of other message types) are not even in the code read at load.
      const text = loaded.map((file) => readFileSync(path.join(ROOT, file), 'utf8')).join('\n');
      for (const marker of laterTexts) expect(text.includes(marker)).toBe(false);
      // The idempotent routes do bundle Powertools, for the first request that carries the header.
      expect(Object.keys(metafile.inputs).some((input) => /node_modules\/@aws-lambda-powertools\/idempotency\//.test(input))).toBe(true);
    },
    60_000,
  );

  it('create-export bundles no S3 client, so the SDK code S3 shares with DynamoDB (its XML protocol) is not read at load', async () => {
    const { metafile } = await bundle('create-export');
    expect(Object.keys(metafile.inputs).filter((input) => /node_modules\/@aws-sdk\/client-s3\//.test(input))).toEqual([]);
    const loaded = [...outputsLoadedAtStart(metafile)].flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}));
    expect(
      loaded.filter((input) => /node_modules\/@aws-sdk\/(xml-builder\/|core\/dist-es\/submodules\/protocols\/xml\/)/.test(input)),
    ).toEqual([]);
  }, 60_000);

  it('export-worker reads no resource’s line store at load: each comes with the first job that exports its resource', async () => {
    const { metafile } = await bundle('export-worker');
    const loaded = [...outputsLoadedAtStart(metafile)].flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}));
    const lineStores = /^shared\/adapters\/dynamodb\/(session|call|lead|outbound-feed|coach|appointment|tenancy)-store\.ts$/;
    expect(loaded.filter((input) => lineStores.test(input))).toEqual([]);
    expect(Object.keys(metafile.inputs).filter((input) => lineStores.test(input))).toHaveLength(7);
  }, 60_000);

  const PHONE = /node_modules\/libphonenumber-js\/|shared\/domain\/phone-metadata\.ts$/;
  const LUXON = /node_modules\/luxon\//;
  it.each([
    // In a chunk the first booking, customer step or drop-off check imports.
    ['widget-api', 'libphonenumber', 'in a chunk', PHONE],
    ['widget-worker', 'libphonenumber', 'in a chunk', PHONE],
    // In a chunk the first recovery imports (calling hours, outreach schedule); not for a drop-off check or a job.
    ['widget-worker', 'luxon', 'in a chunk', LUXON],
    // In a chunk the first calendar file imports; the manage page's reads, moves and cancels need none.
    ['manage-appointment', 'luxon', 'in a chunk', LUXON],
    // In a chunk the first booking imports: a session's start, slots, steps, reads and resumes write no lead or visit.
    [
      'widget-api',
      'booking stores',
      'in a chunk',
      /shared\/adapters\/dynamodb\/(lead-store|intake-store|appointment-store|booking-request-store)\.ts$/,
    ],
    // In a chunk the first booking imports with its stores: its lead, visit, events and job.
    [
      'widget-api',
      'booking effects',
      'in a chunk',
      /shared\/domain\/(widget\/(booking-effects|complete-booking|field-service-jobs)|appointments\/make-appointment)\.ts$/,
    ],
    // In a chunk the first recovery message imports: drop-off checks and field-service jobs send no text.
    [
      'widget-worker',
      'texting stores',
      'in a chunk',
      /shared\/adapters\/dynamodb\/(sms-campaign-store|sms-campaign-table|messaging-config-store|appointment-text-store)\.ts$/,
    ],
    // In a chunk the first message that reads or writes a lead imports: field-service jobs and the
    // drop-off checks of booked or running sessions read none.
    ['widget-worker', 'lead stores', 'in a chunk', /shared\/adapters\/dynamodb\/(lead-store|intake-store)\.ts$/],
    // The drop-off's recovery write is the worker's store: reading and moving visits writes no lead.
    ['change-appointment', 'lead store', 'nowhere', /shared\/adapters\/dynamodb\/(lead-store|intake-store)\.ts$/],
    ['manage-appointment', 'lead store', 'nowhere', /shared\/adapters\/dynamodb\/(lead-store|intake-store)\.ts$/],
    // In a chunk the first move or cancel imports: opening the page reads no widget session.
    ['manage-appointment', 'widget session store', 'in a chunk', /shared\/adapters\/dynamodb\/widget-session-store\.ts$/],
    // The change routes' contracts are their own module: the list reads none of them, nor the
    // manage page's bodies and the widget's answers they share.
    [
      'list-team-appointments',
      'change contracts',
      'nowhere',
      /shared\/contracts\/(appointment-changes|appointment-manage|widget|sessions)\.ts$/,
    ],
    // In a chunk the first reschedule request by text imports; a confirmation only marks the visit.
    ['receive-inbound-sms', 'luxon', 'in a chunk', LUXON],
    // Their scheduler zone check, local start, slot model or campaign read needs no date library.
    ['widget-api', 'luxon', 'nowhere', LUXON],
    ['change-appointment', 'luxon', 'nowhere', LUXON],
    ['list-team-schedulers', 'luxon', 'nowhere', LUXON],
    ['list-team-appointments', 'luxon', 'nowhere', LUXON],
    ['list-team-booking-requests', 'luxon', 'nowhere', LUXON],
    ['get-sms-campaign', 'luxon', 'nowhere', LUXON],
    ['cancel-sms-campaign', 'luxon', 'nowhere', LUXON],
    // Calling hours read zoned time with Intl (shared/domain/sms/zoned-time.ts).
    ['create-sms-campaign', 'luxon', 'nowhere', LUXON],
    ['campaign-sender', 'luxon', 'nowhere', LUXON],
    // Texts read the visit's time with Intl; luxon only for a start not in the ISO form writers store.
    ['appointment-texter', 'luxon', 'in a chunk', LUXON],
  ])(
    '%s reads no %s at load (bundled %s)',
    async (functionName, _library, where, pattern) => {
      const { metafile } = await bundle(functionName);
      const loaded = [...outputsLoadedAtStart(metafile)].flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}));
      expect(loaded.filter((input) => pattern.test(input))).toEqual([]);
      const bundled = Object.values(metafile.outputs).some((output) => Object.keys(output.inputs).some((input) => pattern.test(input)));
      expect(bundled).toBe(where === 'in a chunk');
    },
    60_000,
  );

  // What the entry reaches is written in one chunk, whatever it shares with the modules it imports
  // with import(): a cold start reads index.mjs (naming the handler) and that chunk
  // (docs/adr/0196-one-chunk-at-load-and-report-processing-on-first-use.md).
  it.each(['widget-api', 'ingest-lead', 'receive-voice-report', 'list-calls', 'export-worker'])(
    '%s reads two files at load, its code in one chunk, however many modules it imports on first use',
    async (functionName) => {
      const { metafile } = await bundle(functionName);
      const loaded = [...outputsLoadedAtStart(metafile)];
      expect(loaded.map((file) => path.basename(path.dirname(file)) === 'chunks' || path.basename(file))).toEqual([
        BUNDLE_ENTRY_FILE,
        true,
      ]);
      const firstUse = Object.values(metafile.outputs).filter((output) => output.entryPoint?.startsWith('first-use:'));
      expect(firstUse.length).toBeGreaterThan(0);
    },
    60_000,
  );

  it('widget-api reads the slot model at load: its routes compute slots', async () => {
    const { metafile } = await bundle('widget-api');
    const loaded = [...outputsLoadedAtStart(metafile)].flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}));
    expect(loaded.filter((input) => /shared\/domain\/widget\/availability\.ts$/.test(input))).toHaveLength(1);
  }, 60_000);

  // Schemas a deployed function builds are zod/mini; the classic API, which costs 3.5-6 ms of
  // import CPU even when nothing is built with it, is only handed to the response builders by the
  // document generator and the tests (docs/adr/0183-response-schemas-classic-inputs-mini.md).
  // Every function is held to it, so a new one cannot quietly load the classic API.
  const ZOD_CLASSIC = /node_modules\/zod\/v4\/classic\//;
  it.each(readdirSync(path.join(ROOT, 'functions')))(
    '%s reads no classic zod at load',
    async (functionName) => {
      const { metafile } = await bundle(functionName);
      const classic = [...outputsLoadedAtStart(metafile)].flatMap((file) =>
        Object.entries(metafile.outputs[file]?.inputs ?? {}).flatMap(([input, use]) =>
          ZOD_CLASSIC.test(input) && use.bytesInOutput > 0 ? [input] : [],
        ),
      );
      expect(classic).toEqual([]);
    },
    60_000,
  );

  it.each([
    ['list-team-sessions', 'sessions', []],
    ['manage-appointment', 'appointments', ['customer_info: must be an object']],
    ['widget-api', 'widget', []],
  ])(
    "%s reads at load its own area's route rows, not the whole route table, and no other area's request schemas",
    async (functionName, area, otherRoutesTexts) => {
      const { metafile } = await bundle(functionName);
      const loaded = [...outputsLoadedAtStart(metafile)];
      const inputs = loaded.flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}));
      expect(inputs.filter((input) => /shared\/routes\.ts$/.test(input))).toEqual([]);
      const rowFiles = inputs.filter((input) => /shared\/route-table\//.test(input));
      expect(rowFiles).toEqual([`shared/route-table/${area}.ts`]);
      const text = loaded.map((file) => readFileSync(path.join(ROOT, file), 'utf8')).join('\n');
      for (const marker of otherRoutesTexts) expect(text.includes(marker)).toBe(false);
    },
    60_000,
  );

  it('get-openapi serves the document built at bundle time, equal to the one built from source, without bundling the builder', async () => {
    const { outdir, metafile } = await bundle('get-openapi');
    expect(Object.keys(metafile.inputs).filter((input) => /shared\/(openapi\/document|contracts\/index)\.ts$/.test(input))).toEqual([]);
    const script = `
      const { pathToFileURL } = require('node:url');
      (async () => {
        const { handler } = await import(pathToFileURL(process.argv[1]).href);
        const event = { httpMethod: 'GET', resource: '/api/openapi.json', path: '/api/openapi.json', headers: {}, queryStringParameters: null,
          pathParameters: null, multiValueHeaders: {}, multiValueQueryStringParameters: null, body: null, isBase64Encoded: false, stageVariables: null,
          requestContext: { requestId: 'bundle-test', stage: 'test', identity: { sourceIp: '127.0.0.1' } } };
        const response = await handler(event, { awsRequestId: 'bundle-test', functionName: 'get-openapi', getRemainingTimeInMillis: () => 10000 });
        process.stdout.write(JSON.stringify({ statusCode: response.statusCode, body: response.body }));
      })().catch((error) => { console.error(error); process.exit(1); });`;
    const out = execFileSync(process.execPath, ['-e', script, path.join(outdir, BUNDLE_ENTRY_FILE)], {
      env: { ...LOAD_ENV, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    const response = JSON.parse(out) as { statusCode: number; body: string };
    expect(response.statusCode).toBe(200);
    // The text built at bundle time, answered as it is: the same bytes as serializing the document.
    expect(response.body).toBe(JSON.stringify(buildOpenApiDocument()));
  }, 60_000);

  it('sign AWS calls with the credentials Lambda puts in the environment, without the SDK’s other credential providers', async () => {
    const { outdir, metafile } = await bundle('authorizer');
    const otherProviders =
      /node_modules\/@aws-sdk\/(credential-provider-(node|ini|sso|process|web-identity|login|http)|nested-clients|token-providers)\//;
    expect(Object.keys(metafile.inputs).filter((input) => otherProviders.test(input))).toEqual([]);

    const authorizations: string[] = [];
    const server = createServer((request, response) => {
      authorizations.push(request.headers.authorization ?? '');
      request.resume();
      request.on('end', () => response.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' }).end('{}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const script = `
      const { pathToFileURL } = require('node:url');
      (async () => {
        const { handler } = await import(pathToFileURL(process.argv[1]).href);
        const event = { type: 'REQUEST', methodArn: 'arn:aws:execute-api:us-east-1:123456789012:api/prod/GET/api/v1/teams',
          headers: { authorization: 'Bearer ' + process.argv[2] }, requestContext: { requestId: 'bundle-test' } };
        await handler(event, { awsRequestId: 'bundle-test' }).catch(() => undefined);
      })().catch((error) => { console.error(error); process.exit(1); });`;
    const run = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, ['-e', script, path.join(outdir, BUNDLE_ENTRY_FILE), generateApiKey()], {
        env: { ...env, AWS_ENDPOINT_URL: endpoint, AWS_MAX_ATTEMPTS: '1', LOG_LEVEL: 'silent' },
      });
    try {
      await run({ ...LOAD_ENV });
      expect(authorizations.length).toBeGreaterThan(0);
      for (const authorization of authorizations) expect(authorization).toContain(`Credential=${LOAD_ENV.AWS_ACCESS_KEY_ID}/`);
      // Without them nothing is sent: no other source (files, instance metadata) is tried.
      authorizations.length = 0;
      const { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, ...withoutCredentials } = LOAD_ENV;
      await run({ ...withoutCredentials, HOME: folder() });
      expect(authorizations).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 60_000);

  it('talk to DynamoDB through the bundled SDK (its ES modules, tree-shaken): the authorizer reads a real key and allows it', async () => {
    const dynamo = await startEmulator();
    try {
      const fixture = await createTenancyFixture();
      const key = await fixture.createKey('enterprise', ['read:teams']);
      const { outdir } = await bundle('authorizer');
      const script = `
        const { pathToFileURL } = require('node:url');
        (async () => {
          const { handler } = await import(pathToFileURL(process.argv[1]).href);
          const event = { type: 'REQUEST', methodArn: 'arn:aws:execute-api:us-east-1:123456789012:api/prod/GET/api/v1/teams',
            headers: { authorization: 'Bearer ' + process.argv[2] }, requestContext: { requestId: 'bundle-test' } };
          const result = await handler(event, { awsRequestId: 'bundle-test' });
          process.stdout.write(JSON.stringify({ principalId: result.principalId, effects: result.policyDocument.Statement.map((s) => s.Effect) }));
        })().catch((error) => { console.error(error); process.exit(1); });`;
      const { stdout } = await promisify(execFile)(process.execPath, ['-e', script, path.join(outdir, BUNDLE_ENTRY_FILE), key], {
        env: {
          ...LOAD_ENV,
          AWS_ENDPOINT_URL: '',
          DYNAMODB_ENDPOINT: dynamo.endpoint,
          TABLE_TEAMS: physicalTableName('teams'),
          LOG_LEVEL: 'silent',
        },
      });
      const answer = JSON.parse(stdout) as { principalId: string; effects: string[] };
      expect(answer.principalId).toMatch(/^key_/);
      expect(answer.effects).toContain('Allow');
    } finally {
      await dynamo.stop();
    }
  }, 60_000);

  it('are loaded by the cold bench with a value for every variable a resource use declares, so every function loads there', () => {
    const missing = Object.values(RESOURCE_USE_ENV)
      .flat()
      .filter((name) => !LOAD_ENV[name]);
    expect(missing).toEqual([]);
  });
});

// docs/adr/0199-texting-and-intake-build-less-at-load.md
describe('texting, intake and deletion bundles', () => {
  const inputsAtLoad = (metafile: Metafile) =>
    [...outputsLoadedAtStart(metafile)].flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}));

  // The worker's erasers and the export bucket live in their own module: a route importing them
  // bundled the first-use S3 client, whose SDK code shared with DynamoDB (the XML protocol) a
  // cold start then read.
  it.each(['create-data-subject-deletion', 'get-data-subject-deletion'])(
    '%s bundles no S3 client, so reads none of the SDK code S3 shares with DynamoDB at load',
    async (functionName) => {
      const { metafile } = await bundle(functionName);
      expect(Object.keys(metafile.inputs).filter((input) => /node_modules\/@aws-sdk\/client-s3\//.test(input))).toEqual([]);
      expect(
        inputsAtLoad(metafile).filter((input) =>
          /node_modules\/@aws-sdk\/(xml-builder\/|core\/dist-es\/submodules\/protocols\/xml\/)/.test(input),
        ),
      ).toEqual([]);
    },
    60_000,
  );

  // Each campaign function's accessor sits in a module importing only the adapters it uses: a
  // first-use client it never calls would still put its SDK code shared with DynamoDB (the
  // scheduler's REST-JSON protocol) in the chunk read at load.
  it.each([
    ['receive-inbound-sms', /node_modules\/@aws-sdk\/client-(scheduler|sqs)\//],
    ['get-sms-campaign', /node_modules\/@aws-sdk\/client-(scheduler|sqs|pinpoint-sms-voice-v2)\//],
    ['create-sms-campaign', /node_modules\/@aws-sdk\/client-pinpoint-sms-voice-v2\//],
    ['cancel-sms-campaign', /node_modules\/@aws-sdk\/client-pinpoint-sms-voice-v2\//],
  ])(
    '%s bundles no SDK client it never calls',
    async (functionName, clients) => {
      const { metafile } = await bundle(functionName);
      expect(Object.keys(metafile.inputs).filter((input) => clients.test(input))).toEqual([]);
    },
    60_000,
  );

  // The feed routes read a campaign they filter by, never its chunks or cap ledgers.
  it.each(['list-outbound-texts', 'list-subscription-events'])(
    '%s bundles no campaign store',
    async (functionName) => {
      const { metafile } = await bundle(functionName);
      expect(
        Object.keys(metafile.inputs).filter((input) => /^shared\/adapters\/dynamodb\/(sms-campaign-store|cap-ledger)\.ts$/.test(input)),
      ).toEqual([]);
    },
    60_000,
  );

  // The lead sources' presets come with the first intake naming one (`?preset=`); the Google Ads
  // lead-form route reads its own preset on every request and never the others.
  it.each(['ingest-lead', 'receive-google-ads-lead'])(
    '%s reads the presets table in a chunk, not at load',
    async (functionName) => {
      const { metafile } = await bundle(functionName);
      const presets = /^shared\/domain\/intake\/presets\.ts$/;
      expect(inputsAtLoad(metafile).filter((input) => presets.test(input))).toEqual([]);
      expect(Object.keys(metafile.inputs).filter((input) => presets.test(input))).toHaveLength(1);
    },
    60_000,
  );

  // An opt-out, a keyword or a campaign reply reads no scheduler: the store comes with the first text from a number with a visit.
  it('receive-inbound-sms reads the scheduler store and its settings schema in a chunk, not at load', async () => {
    const { metafile } = await bundle('receive-inbound-sms');
    const schedulerStore = /^shared\/(adapters\/dynamodb\/scheduler-config-store|domain\/schedulers)\.ts$/;
    expect(inputsAtLoad(metafile).filter((input) => schedulerStore.test(input))).toEqual([]);
    expect(Object.keys(metafile.inputs).filter((input) => schedulerStore.test(input))).toHaveLength(2);
  }, 60_000);
});
