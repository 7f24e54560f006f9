import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { EventBridgeBus } from '#shared/adapters/aws/eventbridge-bus';
import type { DomainEvent } from '#shared/ports/event-bus';

/**
 * The production bus adapter with the real SDK client against a local server that speaks
 * EventBridge's PutEvents (JSON 1.1): PutEvents answers 200 while refusing single entries, and
 * only the adapter can send those again.
 */
interface PutEntry {
  readonly DetailType: string;
  readonly Detail: string;
  readonly EventBusName: string;
  readonly Source: string;
}

/** Decides, per request, the error code of each entry (undefined: accepted). */
type Refusals = (entries: readonly PutEntry[], requestNumber: number) => (string | undefined)[];

let server: Server;
let endpoint: string;
let requests: PutEntry[][];
let targets: string[];
let refuse: Refusals;
/** The request whose answer says one entry failed but gives every entry an id (an answer that does not add up). */
let countWithoutCodesOnRequest: number | null;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      targets.push(String(req.headers['x-amz-target']));
      const entries = (JSON.parse(body) as { Entries: PutEntry[] }).Entries;
      requests.push(entries);
      const codes = refuse(entries, requests.length);
      const answer = {
        FailedEntryCount: requests.length === countWithoutCodesOnRequest ? 1 : codes.filter((code) => code !== undefined).length,
        Entries: codes.map((code, index) =>
          code === undefined ? { EventId: `id-${requests.length}-${index}` } : { ErrorCode: code, ErrorMessage: `refused: ${code}` },
        ),
      };
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let waits: number[];

beforeEach(() => {
  requests = [];
  targets = [];
  waits = [];
  refuse = (entries) => entries.map(() => undefined);
  countWithoutCodesOnRequest = null;
});

function bus(): EventBridgeBus {
  const client = new EventBridgeClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
  });
  return new EventBridgeBus('service-bus', client, async (ms) => {
    waits.push(ms);
  });
}

function events(count: number): DomainEvent[] {
  return Array.from({ length: count }, (_, i) => ({ type: 'lead.created', detail: { event_id: `event-${i}` } }));
}

const eventIdsOf = (entries: readonly PutEntry[]) => entries.map((entry) => (JSON.parse(entry.Detail) as { event_id: string }).event_id);

describe('EventBridgeBus', () => {
  it('sends every event to the bus with the service as source, ten per request', async () => {
    await bus().publish(events(12));
    expect(requests.map((r) => r.length)).toEqual([10, 2]);
    expect(targets).toEqual(['AWSEvents.PutEvents', 'AWSEvents.PutEvents']);
    expect(requests.flat().every((e) => e.EventBusName === 'service-bus' && e.Source === 'lead-call-scheduling-service')).toBe(true);
    expect(eventIdsOf(requests.flat())).toEqual(events(12).map((e) => e.detail.event_id));
  });

  it('sends again only the entries refused for a transient reason, until they are accepted', async () => {
    refuse = (entries, n) =>
      entries.map((entry) => {
        const id = (JSON.parse(entry.Detail) as { event_id: string }).event_id;
        if (n === 1 && (id === 'event-1' || id === 'event-3')) return 'ThrottlingException';
        if (n === 2 && id === 'event-3') return 'InternalFailure';
        return undefined;
      });
    await bus().publish(events(4));
    expect(requests.map(eventIdsOf)).toEqual([['event-0', 'event-1', 'event-2', 'event-3'], ['event-1', 'event-3'], ['event-3']]);
    expect(waits).toHaveLength(2);
  });

  it('fails at once, naming the code, when an entry is refused for a reason a retry cannot cure', async () => {
    refuse = (entries) => entries.map((_, index) => (index === 0 ? 'MalformedDetail' : undefined));
    await expect(bus().publish(events(2))).rejects.toThrow(/refused 1 event\(s\): MalformedDetail/);
    expect(requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('gives up after four attempts when the bus keeps refusing, with jittered waits of at most 1 s', async () => {
    refuse = (entries) => entries.map(() => 'ThrottlingException');
    await expect(bus().publish(events(3))).rejects.toThrow(/refused 3 event\(s\): ThrottlingException/);
    expect(requests).toHaveLength(4);
    expect(waits).toHaveLength(3);
    expect(waits.every((ms) => ms >= 0 && ms <= 1_000)).toBe(true);
  });

  it('sends the whole batch again when an answer counts refusals without saying which', async () => {
    countWithoutCodesOnRequest = 1;
    await bus().publish(events(3));
    expect(requests.map(eventIdsOf)).toEqual([
      ['event-0', 'event-1', 'event-2'],
      ['event-0', 'event-1', 'event-2'],
    ]);
  });
});
