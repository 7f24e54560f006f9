import Ajv2020 from 'ajv/dist/2020';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { eventSchema } from '../support/event-schemas';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';
import { verifyWith, WebhookReceiver } from '../support/webhook-receiver';

process.env.LOG_LEVEL = 'silent';
process.env.SMS_SEND_RATE_PER_SECOND = '0';
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
process.env.WEBHOOK_RETRY_SCHEDULE_SECONDS = '0.2,0.2,0.2';

type Json = Record<string, unknown>;

let service: LocalService;
let fixture: TenancyFixture;
let receiver: WebhookReceiver;
/** Reaches every team of the fixture's enterprise (own, sibling) with everything the tests need. */
let key: string;
/** Reaches `own` only. */
let ownOnly: string;
let noWebhooks: string;

const ajv = new Ajv2020({ validateFormats: false, allErrors: true });
const schemas = {
  'lead.created': ajv.compile(eventSchema('lead.created')),
  'sms_campaign.completed': ajv.compile(eventSchema('sms_campaign.completed')),
  'webhook.disabled': ajv.compile(eventSchema('webhook.disabled')),
  'webhook.test': ajv.compile(eventSchema('webhook.test')),
} as Record<string, ReturnType<typeof ajv.compile>>;

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false, queueVisibilityTimeoutSeconds: 0.05 });
  fixture = await createTenancyFixture();
  receiver = await new WebhookReceiver().start();
  key = await fixture.createKey('enterprise_all_teams', ['write:webhooks', 'write:leads', 'write:sms_campaigns']);
  ownOnly = await fixture.createKey('enterprise', ['write:webhooks', 'write:leads']);
  noWebhooks = await fixture.createKey('enterprise_all_teams', ['write:sms_campaigns']);
});
afterAll(async () => {
  await service?.stop();
  await receiver?.stop();
});

async function call(method: string, path: string, options: { body?: unknown; workspace?: string; key?: string } = {}) {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${options.key ?? key}`,
      'x-workspace-id': options.workspace ?? fixture.teams.own.workspaceId,
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json };
}

async function subscribe(path: string, events: string[], workspace?: string) {
  const res = await call('POST', '/v1/webhooks', { body: { url: receiver.url(path), events }, workspace });
  expect(res.status).toBe(201);
  const data = res.body.data as Json;
  return { id: data.id as string, secret: data.secret as string, data };
}

async function deliveries(webhookId: string, workspace?: string) {
  const res = await call('GET', `/v1/webhooks/${webhookId}/deliveries`, { workspace });
  expect(res.status).toBe(200);
  return res.body.data as Json[];
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

function checkPayload(payload: unknown, type: string) {
  const validate = schemas[type];
  expect(validate?.(payload) ? null : validate?.errors).toBeNull();
}

describe('webhooks through the local gateway', () => {
  it('creates a subscription whose secret is shown once; lists, gets and deletes it; other workspaces see 404', async () => {
    const created = await subscribe('/crud', ['lead.created']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(created.data).toMatchObject({ url: receiver.url('/crud'), events: ['lead.created'], status: 'enabled' });

    const got = await call('GET', `/v1/webhooks/${created.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).not.toHaveProperty('secret');
    const list = await call('GET', '/v1/webhooks');
    expect((list.body.data as Json[]).map((w) => w.id)).toContain(created.id);

    // The sibling workspace (same key) does not see own's webhook.
    expect((await call('GET', `/v1/webhooks/${created.id}`, { workspace: fixture.teams.sibling.workspaceId })).status).toBe(404);
    expect((await call('DELETE', `/v1/webhooks/${created.id}`, { workspace: fixture.teams.sibling.workspaceId })).status).toBe(404);
    // A key without write:webhooks is refused.
    expect((await call('GET', '/v1/webhooks', { key: noWebhooks })).status).toBe(403);

    expect((await call('DELETE', `/v1/webhooks/${created.id}`)).status).toBe(200);
    expect((await call('GET', `/v1/webhooks/${created.id}`)).status).toBe(404);
  });

  it('refuses bad subscriptions with a 400 naming the field', async () => {
    const badUrl = await call('POST', '/v1/webhooks', { body: { url: 'ftp://example.com/x', events: ['lead.created'] } });
    expect(badUrl.status).toBe(400);
    expect(JSON.stringify(badUrl.body)).toContain('url');
    const badEvent = await call('POST', '/v1/webhooks', { body: { url: receiver.url('/x'), events: ['lead.deleted'] } });
    expect(badEvent.status).toBe(400);
    expect(JSON.stringify(badEvent.body)).toContain('events');
  });

  it('delivers signed lead.created and sms_campaign.completed events of its workspace only, within seconds', async () => {
    const own = await subscribe('/own', ['lead.created', 'sms_campaign.completed']);
    const sibling = await subscribe('/sibling', ['lead.created', 'sms_campaign.completed'], fixture.teams.sibling.workspaceId);
    const started = Date.now();

    const lead = await fetch(`${service.url}/api/outbound/speed-to-lead/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ownOnly}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Dana Whitfield', phone: '+12125550142', service_type: 'AC repair', external_id: `crm-${Date.now()}` }),
    });
    expect(lead.status).toBe(201);
    const campaign = await call('POST', '/v1/messaging/sms/campaign', {
      body: {
        campaign_type: 'seasonal_promotion',
        recipients: [{ phone: '+13125550101' }, { phone: '+13125550102' }],
        message_template: 'Tune-ups are 20% off this week.',
        settings: { include_opt_out: true, respect_quiet_hours: false },
      },
    });
    expect(campaign.status).toBe(202);

    const got = await receiver.waitFor('/own', 2);
    expect(Date.now() - started).toBeLessThan(10_000);
    const types = got.map((r) => (verifyWith(own.secret, r) as Json).event).sort();
    expect(types).toEqual(['lead.created', 'sms_campaign.completed']);
    for (const r of got) checkPayload(JSON.parse(r.body), (JSON.parse(r.body) as Json).event as string);
    expect(receiver.on('/sibling')).toHaveLength(0);
    // The sibling's secret does not verify own's deliveries.
    expect(() => verifyWith(sibling.secret, got[0] as (typeof got)[0])).toThrow();

    const log = await until(
      () => deliveries(own.id),
      (d) => d.length === 2 && d.every((x) => x.state === 'succeeded'),
    );
    expect(log.map((d) => d.state)).toEqual(['succeeded', 'succeeded']);
    for (const d of log) expect(d.attempts).toEqual([expect.objectContaining({ attempt: 1, status_code: 200, error: null })]);
    expect(await deliveries(sibling.id, fixture.teams.sibling.workspaceId)).toEqual([]);
  });

  it('retries a 500 with the same webhook-id and records exactly one success', async () => {
    const hook = await subscribe('/flaky', ['lead.created']);
    receiver.answer('/flaky', 500);
    const test = await call('POST', `/v1/webhooks/${hook.id}/test`, { body: {} });
    expect(test.status).toBe(202);
    const deliveryId = (test.body.data as Json).id as string;

    const got = await receiver.waitFor('/flaky', 2);
    await service.settle();
    expect(receiver.on('/flaky').map((r) => r.status)).toEqual([500, 200]);
    expect(new Set(got.map((r) => r.headers['webhook-id']))).toEqual(new Set([deliveryId]));
    for (const r of got) checkPayload(verifyWith(hook.secret, r), 'webhook.test');

    const [delivery] = await until(
      () => deliveries(hook.id),
      (d) => d[0]?.state === 'succeeded',
    );
    expect(delivery).toMatchObject({ id: deliveryId, event_type: 'webhook.test', state: 'succeeded' });
    expect(((delivery?.attempts ?? []) as Json[]).map((a) => [a.attempt, a.status_code])).toEqual([
      [1, 500],
      [2, 200],
    ]);
    expect(((delivery?.attempts ?? []) as Json[])[0]).toMatchObject({ error: 'the endpoint answered 500', latency_ms: expect.any(Number) });
  });

  it('disables a subscription whose endpoint answers 410, and tells the other subscriptions with webhook.disabled', async () => {
    const watcher = await subscribe('/watcher', ['webhook.disabled']);
    const gone = await subscribe('/gone', ['lead.created']);
    receiver.answer('/gone', 410);
    await call('POST', `/v1/webhooks/${gone.id}/test`, { body: {} });

    await receiver.waitFor('/gone', 1);
    const [notice] = await receiver.waitFor('/watcher', 1);
    const payload = verifyWith(watcher.secret, notice as NonNullable<typeof notice>) as Json;
    checkPayload(payload, 'webhook.disabled');
    expect(payload).toMatchObject({ webhook_id: gone.id, reason: 'The endpoint answered 410 Gone' });

    const after = await call('GET', `/v1/webhooks/${gone.id}`);
    expect(after.body.data).toMatchObject({ status: 'disabled', disabled_reason: 'The endpoint answered 410 Gone' });
    await service.settle();
    expect(receiver.on('/gone')).toHaveLength(1);
    // Due in the outbox with the disabling write: published once, delivered once.
    const disabled = service.eventBus.published.filter((e) => e['detail-type'] === 'webhook.disabled' && e.detail.webhook_id === gone.id);
    expect(disabled).toHaveLength(1);
    const notices = receiver.on('/watcher').filter((r) => (JSON.parse(r.body) as Json).webhook_id === gone.id);
    expect(notices).toHaveLength(1);
    expect((await call('POST', `/v1/webhooks/${gone.id}/test`, { body: {} })).status).toBe(409);
  });

  it('enables a disabled subscription again, with its id and secret, and delivers to it from then on', async () => {
    const hook = await subscribe('/revived', ['lead.created']);
    receiver.answer('/revived', 410);
    await call('POST', `/v1/webhooks/${hook.id}/test`, { body: {} });
    await receiver.waitFor('/revived', 1);
    await until(
      () => call('GET', `/v1/webhooks/${hook.id}`),
      (res) => (res.body.data as Json).status === 'disabled',
    );

    // Another workspace cannot enable it; the same key in its own workspace can.
    expect((await call('POST', `/v1/webhooks/${hook.id}/enable`, { body: {}, workspace: fixture.teams.sibling.workspaceId })).status).toBe(
      404,
    );
    expect((await call('POST', `/v1/webhooks/wh_00000000000000000000/enable`, { body: {} })).status).toBe(404);
    const enabled = await call('POST', `/v1/webhooks/${hook.id}/enable`, { body: {} });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data).toMatchObject({ id: hook.id, status: 'enabled', disabled_reason: null, events: ['lead.created'] });
    expect(enabled.body.data).not.toHaveProperty('secret');
    // Enabling an enabled webhook changes nothing.
    expect((await call('POST', `/v1/webhooks/${hook.id}/enable`)).body.data).toMatchObject({ status: 'enabled' });

    expect((await call('POST', `/v1/webhooks/${hook.id}/test`, { body: {} })).status).toBe(202);
    const requests = await receiver.waitFor('/revived', 2);
    expect(verifyWith(hook.secret, requests[1] as NonNullable<(typeof requests)[1]>)).toMatchObject({ event: 'webhook.test' });
  });

  it('signs with both the old and the new secret after a rotation', async () => {
    const hook = await subscribe('/rotate', ['lead.created']);
    const rotated = await call('POST', `/v1/webhooks/${hook.id}/rotate-secret`, { body: {} });
    expect(rotated.status).toBe(200);
    const newSecret = (rotated.body.data as Json).secret as string;
    expect(newSecret).not.toBe(hook.secret);

    await call('POST', `/v1/webhooks/${hook.id}/test`, { body: {} });
    const [request] = await receiver.waitFor('/rotate', 1);
    const r = request as NonNullable<typeof request>;
    expect(String(r.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifyWith(newSecret, r)).toMatchObject({ event: 'webhook.test' });
    expect(verifyWith(hook.secret, r)).toMatchObject({ event: 'webhook.test' });
  });

  it('redelivers a delivery with the same webhook-id, and not another workspace’s', async () => {
    const hook = await subscribe('/again', ['lead.created']);
    const test = await call('POST', `/v1/webhooks/${hook.id}/test`, { body: {} });
    const deliveryId = (test.body.data as Json).id as string;
    await receiver.waitFor('/again', 1);
    await until(
      () => deliveries(hook.id),
      (d) => d[0]?.state === 'succeeded',
    );

    const foreign = await call('POST', `/v1/webhooks/${hook.id}/deliveries/${deliveryId}/redeliver`, {
      body: {},
      workspace: fixture.teams.sibling.workspaceId,
    });
    expect(foreign.status).toBe(404);
    const again = await call('POST', `/v1/webhooks/${hook.id}/deliveries/${deliveryId}/redeliver`, { body: {} });
    expect(again.status).toBe(202);
    const got = await receiver.waitFor('/again', 2);
    expect(got.map((r) => r.headers['webhook-id'])).toEqual([deliveryId, deliveryId]);
    const [delivery] = await until(
      () => deliveries(hook.id),
      (d) => (d[0]?.attempts as Json[] | undefined)?.length === 2,
    );
    expect(delivery).toMatchObject({ state: 'succeeded' });
    expect(((delivery?.attempts ?? []) as Json[]).map((a) => a.status_code)).toEqual([200, 200]);
  });

  it('pages the delivery log newest first with a cursor', async () => {
    const hook = await subscribe('/paged', ['lead.created']);
    for (let i = 0; i < 3; i++) {
      await call('POST', `/v1/webhooks/${hook.id}/test`, { body: {} });
      await new Promise((r) => setTimeout(r, 5));
    }
    await receiver.waitFor('/paged', 3);
    const first = await call('GET', `/v1/webhooks/${hook.id}/deliveries?limit=2`);
    expect(first.status).toBe(200);
    const pagination = first.body.pagination as Json;
    expect(pagination).toMatchObject({ has_more: true, limit: 2 });
    const second = await call('GET', `/v1/webhooks/${hook.id}/deliveries?limit=2&cursor=${encodeURIComponent(String(pagination.cursor))}`);
    const all = [...(first.body.data as Json[]), ...(second.body.data as Json[])];
    expect(all).toHaveLength(3);
    const created = all.map((d) => String(d.created_at));
    expect([...created].sort().reverse()).toEqual(created);
    expect((second.body.pagination as Json).has_more).toBe(false);
  });
});
