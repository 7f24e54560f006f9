import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { build, type Metafile, type Plugin } from 'esbuild';
import { LOAD_ENV } from '../../bench/cold-probe';
import { BUNDLE_ENTRY_FILE, functionBuildOptions, outputsLoadedAtStart } from '../../lib/function-bundle';

/**
 * What the read functions build and read at load, as the stack bundles them (ADR 0198): each zod
 * schema or check built at load costs its construction at every cold start, and each module read
 * at load its bytes and source map. The counts are deterministic where timings on a shared
 * machine are not, so they are what is held here: a change that builds more at load fails until
 * it says why.
 */

const ROOT = path.resolve(__dirname, '..', '..');
let outRoot: string;

beforeAll(() => {
  outRoot = mkdtempSync(path.join(tmpdir(), 'function-schemas-'));
});

afterAll(() => {
  rmSync(outRoot, { recursive: true, force: true });
});

// zod gives every schema and check one internals object at construction: counting those counts
// the objects built. The plugin fails the build if zod no longer reads as it is patched here.
const ZOD_INTERNALS = 'function Internals(def) {';
const countZodObjects: Plugin = {
  name: 'count-zod-objects',
  setup(bundler) {
    bundler.onLoad({ filter: /node_modules\/zod\/v4\/core\/core\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes(ZOD_INTERNALS)) throw new Error(`zod's core no longer declares ${ZOD_INTERNALS}`);
      return {
        contents: source.replace(ZOD_INTERNALS, `${ZOD_INTERNALS} globalThis.__zodObjects = (globalThis.__zodObjects ?? 0) + 1;`),
        loader: 'js',
      };
    });
  },
};

async function bundle(functionName: string, plugins: Plugin[] = []): Promise<{ outdir: string; metafile: Metafile }> {
  const outdir = path.join(outRoot, `${functionName}-${plugins.length}`);
  const options = functionBuildOptions(ROOT, path.join(ROOT, 'functions', functionName, 'handler.ts'), outdir);
  const result = await build({ ...options, plugins: [...plugins, ...(options.plugins ?? [])], metafile: true, logLevel: 'silent' });
  if (!result.metafile) throw new Error('no metafile');
  return { outdir, metafile: result.metafile };
}

/** Zod objects built by importing the function's bundle, as a cold start does. */
async function zodObjectsAtLoad(functionName: string): Promise<number> {
  const { outdir } = await bundle(functionName, [countZodObjects]);
  const script = `
    // The runtime's response-streaming API, which a streaming function checks for at load.
    globalThis.awslambda = { streamifyResponse: (handler) => handler, HttpResponseStream: { from: (stream) => stream } };
    import(require('node:url').pathToFileURL(process.argv[1]).href)
      .then(() => process.stdout.write(String(globalThis.__zodObjects ?? 0)))
      .catch((error) => { console.error(error); process.exit(1); });`;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script, path.join(outdir, BUNDLE_ENTRY_FILE)], {
    env: { ...LOAD_ENV },
  });
  return Number(stdout);
}

/** The pin of a function's zod objects at load: at most the count measured when it was pinned. */
async function expectAtMostZodObjectsAtLoad(functionName: string, most: number): Promise<void> {
  const built = await zodObjectsAtLoad(functionName);
  // Every function parses its request with zod: none counted means the count is broken.
  expect(built).toBeGreaterThan(0);
  expect(built).toBeLessThanOrEqual(most);
}

describe('read functions at load', () => {
  // Measured when this was pinned (main before ADR 0198 in brackets): the stored items share their
  // member schemas, contracts build only the members their routes take, and the read routes use
  // readers that leave the stores' writes out.
  it.each([
    ['get-call', 58], // 214
    ['get-call-recording', 57], // 183
    ['list-support-tickets', 48], // 194
    ['list-webhook-deliveries', 49], // 105
    ['replay-webhook', 57], // 110
    ['create-export', 52], // 74
    ['list-team-sessions', 57], // 57
  ])('%s builds at most %i zod objects at load', expectAtMostZodObjectsAtLoad, 60_000);

  it.each([
    // The rate limit reads a workspace's team with the team reader, not the tenancy store.
    ['list-team-sessions', [/shared\/adapters\/dynamodb\/(tenancy-store|call-store|call-reader)\.ts$/]],
    // The call routes read calls without the voice report's writes; the tickets list reads no call.
    ['get-call', [/shared\/adapters\/dynamodb\/(tenancy-store|call-store|lead-store|outbox)\.ts$/]],
    ['list-support-tickets', [/shared\/adapters\/dynamodb\/(tenancy-store|call-store|call-reader|lead-store)\.ts$/]],
    // The deliveries list reads with the webhook reader: none of the store's writes or audit entries.
    ['list-webhook-deliveries', [/shared\/adapters\/dynamodb\/(tenancy-store|webhook-store|audit-log-store)\.ts$/]],
    // The idempotency mechanism's code comes with the first request that carries an Idempotency-Key.
    ['create-export', [/shared\/http\/idempotency-claim\.ts$/, /shared\/adapters\/dynamodb\/tenancy-store\.ts$/]],
    ['replay-webhook', [/shared\/http\/idempotency-claim\.ts$/, /shared\/adapters\/dynamodb\/tenancy-store\.ts$/]],
  ])(
    '%s reads at load none of the code its requests do not all use',
    async (functionName, patterns) => {
      const { metafile } = await bundle(functionName);
      // A module whose every statement was shaken off is listed with 0 bytes: it costs nothing.
      const inputs = [...outputsLoadedAtStart(metafile)].flatMap((file) =>
        Object.entries(metafile.outputs[file]?.inputs ?? {}).flatMap(([input, use]) => (use.bytesInOutput > 0 ? [input] : [])),
      );
      for (const pattern of patterns) expect(inputs.filter((input) => pattern.test(input))).toEqual([]);
      // The idempotency code left out of the load is still bundled, for the requests that carry a key.
      if (patterns.some((pattern) => pattern.test('shared/http/idempotency-claim.ts'))) {
        expect(Object.keys(metafile.inputs)).toContain('shared/http/idempotency-claim.ts');
      }
    },
    60_000,
  );
});

describe('texting, intake, widget, visit and voice functions at load', () => {
  // Measured when this was pinned (the tree before ADR 0202 in brackets): the visit reply's stores
  // come with the first number that has a visit, the teams are read with the team reader, the
  // intake and voice contracts build only their own members, and more items share stored members.
  it.each([
    ['receive-inbound-sms', 46], // 145; 97 before ADR 0208
    ['create-sms-campaign', 80], // 147; 131 before ADR 0208, 0210 and 0211
    ['campaign-sender', 44], // 93; 81 before ADR 0208
    ['receive-google-ads-lead', 43], // 62
    ['manage-appointment', 35], // 105; 90 before ADR 0207
    ['list-outbound-texts', 73], // 110
  ])('%s builds at most %i zod objects at load', expectAtMostZodObjectsAtLoad, 60_000);

  const TENANCY_STORE = /shared\/adapters\/dynamodb\/tenancy-store\.ts$/;
  it.each([
    // Only a text from a number with an upcoming visit reads the scheduler, the widget session, a
    // team by id or opens a ticket; the stored session's read and the settings' schema go with them.
    // Every other text reads the phone index alone: the visit's item, its read and its writes too;
    // only a confirmation changes the visit.
    [
      'receive-inbound-sms',
      [
        TENANCY_STORE,
        /shared\/adapters\/dynamodb\/(widget-session-store|session-item-read|scheduler-config-store)\.ts$/,
        /shared\/adapters\/dynamodb\/(appointment-store|appointment-items|appointment-item-read|appointment-changes)\.ts$/,
        /shared\/domain\/appointments\/marks\.ts$/,
        /shared\/domain\/appointment-texts\/follow-through-members\.ts$/,
      ],
    ],
    // Their team is read by id or by workspace: the team reader, without the tenancy store's writes.
    ['create-sms-campaign', [TENANCY_STORE]],
    ['campaign-sender', [TENANCY_STORE]],
    ['ingest-lead', [TENANCY_STORE]],
    ['receive-google-ads-lead', [TENANCY_STORE]],
    ['widget-api', [TENANCY_STORE]],
    ['widget-worker', [TENANCY_STORE]],
    ['change-appointment', [TENANCY_STORE]],
    ['list-team-appointments', [TENANCY_STORE]],
    ['receive-voice-report', [TENANCY_STORE]],
    // A page opened reads no session: the stored session's read comes with the first move or cancel.
    ['manage-appointment', [TENANCY_STORE, /shared\/adapters\/dynamodb\/session-item-read\.ts$/]],
  ])(
    '%s reads at load none of the code its requests do not all use',
    async (functionName, patterns) => {
      const { metafile } = await bundle(functionName);
      const inputs = [...outputsLoadedAtStart(metafile)].flatMap((file) =>
        Object.entries(metafile.outputs[file]?.inputs ?? {}).flatMap(([input, use]) => (use.bytesInOutput > 0 ? [input] : [])),
      );
      for (const pattern of patterns) expect(inputs.filter((input) => pattern.test(input))).toEqual([]);
    },
    60_000,
  );

  it('bundles the visit reply stores of the inbound-SMS webhook for the texts that need them', async () => {
    const { metafile } = await bundle('receive-inbound-sms');
    expect(Object.keys(metafile.inputs)).toEqual(
      expect.arrayContaining([
        'shared/adapters/runtime/appointment-reply-stores.ts',
        'shared/adapters/dynamodb/widget-session-store.ts',
        'shared/adapters/dynamodb/session-item-read.ts',
        'shared/adapters/dynamodb/appointment-store.ts',
        'shared/adapters/dynamodb/appointment-item-read.ts',
        'shared/domain/appointments/marks.ts',
      ]),
    );
  }, 60_000);
});

describe('widget and visit functions at load', () => {
  // Measured when this was pinned (the tree before ADR 0207 in brackets): a stored scheduler is
  // read by type and default, the settings' checks come with a scheduler's write.
  it.each([
    ['widget-api', 67], // 122
    ['change-appointment', 76], // 131
    ['widget-worker', 124], // 179
    ['appointment-texter', 65], // 120
  ])('%s builds at most %i zod objects at load', expectAtMostZodObjectsAtLoad, 60_000);

  it.each(['widget-api', 'change-appointment', 'manage-appointment', 'widget-worker', 'appointment-texter', 'list-team-schedulers'])(
    '%s reads schedulers without the settings schema, which only a write imports',
    async (functionName) => {
      const { metafile } = await bundle(functionName);
      const settingsSchema = 'shared/domain/scheduler-settings-schema.ts';
      const atLoad = [...outputsLoadedAtStart(metafile)].flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}));
      expect(atLoad).toContain('shared/adapters/dynamodb/scheduler-config-store.ts');
      expect(atLoad).not.toContain(settingsSchema);
      expect(Object.keys(metafile.inputs)).toContain(settingsSchema);
    },
    60_000,
  );
});
