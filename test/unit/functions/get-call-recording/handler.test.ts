import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { callRecordingDependencies } from '#shared/adapters/runtime/call-recording-dependencies';
import { answerOf, failingPort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

type Dependencies = ReturnType<ReturnType<typeof callRecordingDependencies>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/call-recording-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/call-recording-dependencies'),
  callRecordingDependencies: () => () => mockDependencies.current,
}));

// Lambda's response streaming is left out (the local gateway's tests cover it): the route's own
// proxy handler answers, and the body a success would stream is dropped.
jest.mock('#shared/http/response-stream', () => ({
  streamingHandler: (inner: ProxyHandler) => inner,
  streamBody: () => undefined,
}));

type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<unknown>;
let handler: ProxyHandler;
beforeAll(async () => {
  process.env.VOICE_PROVIDER_RECORDING_HOSTS ??= 'recordings.example.com';
  functionEnvironment('get-call-recording');
  const loaded: { handler: unknown } = await import('../../../../functions/get-call-recording/handler');
  if (typeof loaded.handler !== 'function') throw new Error('no handler');
  handler = (event, context) => Promise.resolve(Reflect.apply(loaded.handler as ProxyHandler, undefined, [event, context]));
});

/** A link's members as the call detail issues them, with a signature that is well formed but not the link's. */
const LINK = { team_id: '1', key: 'key_0123456789abcdef', expires: String(Math.floor(Date.now() / 1000) + 600), signature: 'A'.repeat(43) };

describe('get-call-recording', () => {
  it('refuses a link whose signature is not the one it was issued with, reading no store', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const answer = await answerOf(handler, routeEvent('getCallRecording', { identity: null, path: { callId: 'c1' }, query: LINK }));
    expect(answer.status).toBe(403);
  });

  it('refuses a link without its key id, naming key', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const { key: _key, ...withoutKey } = LINK;
    const answer = await answerOf(handler, routeEvent('getCallRecording', { identity: null, path: { callId: 'c1' }, query: withoutKey }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'key' });
  });

  it('refuses an expired link', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const answer = await answerOf(
      handler,
      routeEvent('getCallRecording', { identity: null, path: { callId: 'c1' }, query: { ...LINK, expires: '1000' } }),
    );
    expect(answer.status).toBe(403);
  });
});
