import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SecretsManagerSecretStore } from '#shared/adapters/aws/secrets-manager-store';
import { secretReader, secretStore } from '#shared/adapters/runtime/secrets';
import { LocalSecretStore, localSecretId } from '../../../../../local/runtime/secrets';

/**
 * Secrets read at run time: the reader names the secret from the function's environment and asks
 * the store when the value is needed; in AWS the store is Secrets Manager through Powertools
 * Parameters (here against a local server speaking Secrets Manager's JSON protocol, so the real SDK
 * code path runs), cached until the maximum age, then read again so a rotated value arrives.
 */
interface FakeSecretsManager {
  readonly endpoint: string;
  readonly requests: { target: string; secretId: string }[];
  values: Record<string, string>;
  close(): Promise<void>;
}

async function startFakeSecretsManager(values: Record<string, string>): Promise<FakeSecretsManager> {
  const requests: { target: string; secretId: string }[] = [];
  const state = { values };
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const target = String(req.headers['x-amz-target'] ?? '');
    const { SecretId } = JSON.parse(body) as { SecretId: string };
    requests.push({ target, secretId: SecretId });
    const value = state.values[SecretId];
    res.setHeader('content-type', 'application/x-amz-json-1.1');
    if (value === undefined) {
      res.statusCode = 400;
      res.end(JSON.stringify({ __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret." }));
      return;
    }
    res.end(
      JSON.stringify({ ARN: `arn:aws:secretsmanager:us-east-1:000000000000:secret:${SecretId}`, Name: SecretId, SecretString: value }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    get values() {
      return state.values;
    },
    set values(next) {
      state.values = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ENV_KEYS = ['AWS_ENDPOINT_URL', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'TEST_SECRET_ID', 'TEST_SECRET_VALUE'];
const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));

afterEach(() => {
  secretStore.reset();
  for (const key of ENV_KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

describe('Secrets Manager store (Powertools Parameters)', () => {
  let fake: FakeSecretsManager;

  // One server and one name per test: Powertools' provider (its client and cache) lives as long as the process, as in a warm function.
  beforeAll(async () => {
    fake = await startFakeSecretsManager({ 'svc/cached': 'first-value', 'svc/rotated': 'first-value', 'svc/default': 'first-value' });
  });

  beforeEach(() => {
    fake.requests.length = 0;
    process.env.AWS_ENDPOINT_URL = fake.endpoint;
    process.env.AWS_REGION = 'us-east-1';
    process.env.AWS_ACCESS_KEY_ID = 'AKIDTEST';
    process.env.AWS_SECRET_ACCESS_KEY = 'test-secret';
  });

  afterAll(async () => {
    await fake.close();
  });

  it('reads the value with GetSecretValue and serves it from its cache until the maximum age', async () => {
    const store = new SecretsManagerSecretStore(60);

    expect(await store.get('svc/cached')).toBe('first-value');
    expect(await store.get('svc/cached')).toBe('first-value');

    expect(fake.requests).toEqual([{ target: 'secretsmanager.GetSecretValue', secretId: 'svc/cached' }]);
  });

  it('reads a rotated value once the cached one is older than the maximum age', async () => {
    const store = new SecretsManagerSecretStore(1);
    expect(await store.get('svc/rotated')).toBe('first-value');
    fake.values = { ...fake.values, 'svc/rotated': 'rotated-value' };

    expect(await store.get('svc/rotated')).toBe('first-value');
    await new Promise((resolve) => setTimeout(resolve, 1100));

    expect(await store.get('svc/rotated')).toBe('rotated-value');
    expect(fake.requests).toHaveLength(2);
  });

  it('fails, rather than answer an empty key, when the secret does not exist', async () => {
    await expect(new SecretsManagerSecretStore(60).get('svc/missing')).rejects.toThrow();
  });

  it('is what a reader uses by default, once the function first needs the value', async () => {
    process.env.TEST_SECRET_ID = 'svc/default';
    const read = secretReader('TEST_SECRET_ID');
    expect(fake.requests).toEqual([]);

    expect(await read()).toBe('first-value');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('secret reader', () => {
  it('fails at module load when the function was not given the secret', () => {
    delete process.env.TEST_SECRET_ID;
    expect(() => secretReader('TEST_SECRET_ID')).toThrow(/TEST_SECRET_ID is not set/);
  });

  it('reads from the store the local runtime puts in place, by the id in the environment', async () => {
    process.env.TEST_SECRET_VALUE = 'local-value';
    process.env.TEST_SECRET_ID = localSecretId('TEST_SECRET_VALUE');
    secretStore.use(new LocalSecretStore());

    expect(await secretReader('TEST_SECRET_ID')()).toBe('local-value');
  });
});

describe('local secret store', () => {
  it('refuses an id that is not a local one and a local secret that is not set', async () => {
    const store = new LocalSecretStore();
    delete process.env.TEST_SECRET_VALUE;

    await expect(store.get('arn:aws:secretsmanager:us-east-1:000000000000:secret:x')).rejects.toThrow(/not a local secret/);
    await expect(store.get(localSecretId('TEST_SECRET_VALUE'))).rejects.toThrow(/not set/);
  });
});
