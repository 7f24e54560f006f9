import Ajv2020 from 'ajv/dist/2020';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { eventSchema } from '../support/event-schemas';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

process.env.LOG_LEVEL = 'silent';
process.env.SMS_SEND_RATE_PER_SECOND = '0';

let service: LocalService;
let fixture: TenancyFixture;
let key: string;

const validateCompleted = new Ajv2020({ validateFormats: false, allErrors: true }).compile(eventSchema('sms_campaign.completed'));
const phone = (i: number) => `+1312555${String(i).padStart(4, '0')}`;

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false, queueVisibilityTimeoutSeconds: 0.05 });
  fixture = await createTenancyFixture();
  key = await fixture.createKey('enterprise_all_teams', ['write:sms_campaigns']);
});
afterAll(() => service.stop());

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      'x-workspace-id': fixture.teams.own.workspaceId,
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

function campaign(count: number, extra: Record<string, unknown> = {}) {
  return {
    campaign_type: 'seasonal_promotion',
    recipients: Array.from({ length: count }, (_, i) => ({ phone: phone(i), name: `Customer ${i}`, custom_fields: { unit: 'furnace' } })),
    message_template: 'Hi {name}, your {unit} tune-up is 20% off this week.',
    settings: { include_opt_out: true, respect_quiet_hours: false },
    ...extra,
  };
}

const completions = () => service.eventBus.published.filter((e) => e['detail-type'] === 'sms_campaign.completed');

describe('SMS campaigns through the local gateway', () => {
  it('texts each of 10,000 recipients exactly once, counts exactly, and emits one completion event', async () => {
    const response = await post('/v1/messaging/sms/campaign', campaign(10_000));
    expect(response.status).toBe(202);
    const created = (await response.json()) as {
      data: { campaign_id: string; status: string; recipients_count: number; estimated_cost: number };
    };
    expect(created.data).toMatchObject({ status: 'sending', recipients_count: 10_000 });

    await service.settle();

    const texts = service.sms.sent.filter((t) => t.reference.startsWith(created.data.campaign_id));
    expect(texts).toHaveLength(10_000);
    expect(new Set(texts.map((t) => t.to)).size).toBe(10_000);
    const got = (await (
      await fetch(`${service.url}/v1/messaging/sms/campaign/${created.data.campaign_id}`, {
        headers: { authorization: `Bearer ${key}`, 'x-workspace-id': fixture.teams.own.workspaceId },
      })
    ).json()) as { data: Record<string, unknown> };
    expect(got.data).toMatchObject({ status: 'completed', messages_sent: 10_000, recipients_count: 10_000 });
    expect(got.data.completion_time).toEqual(expect.any(String));

    const events = completions().filter((e) => (e.detail.data as { campaign_id: string }).campaign_id === created.data.campaign_id);
    expect(events).toHaveLength(1);
    expect(validateCompleted(events[0]?.detail)).toBe(true);
    expect(events[0]?.detail.data).toMatchObject({
      final_counts: { sent: 10_000, failed: 0, opted_out: 0 },
      total_cost: created.data.estimated_cost,
    });
  }, 240_000);

  it('answers a preflight with per-recipient encoding and segments, and sends nothing', async () => {
    const before = service.sms.sent.length;
    const response = await post('/v1/messaging/sms/campaign', {
      ...campaign(2),
      message_template: 'Hi {name} 😀 {unit}',
      preflight: true,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { preflight: boolean; recipients: { encoding: string; segments: number }[] } };
    expect(body.data.preflight).toBe(true);
    expect(body.data.recipients.map((r) => r.encoding)).toEqual(['UCS-2', 'UCS-2']);
    await service.settle();
    expect(service.sms.sent.length).toBe(before);
  });

  it('refuses 10,001 recipients with a 400 naming the limit', async () => {
    const response = await post('/v1/messaging/sms/campaign', campaign(10_001));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      success: false,
      error: 'invalid_request',
      field: 'recipients',
      message: 'recipients: must hold at most 10000 recipients',
    });
  });

  it('refuses a missing workspace with 400 and a foreign one with 403', async () => {
    const missing = await fetch(`${service.url}/v1/messaging/sms/campaign`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(campaign(1)),
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ field: 'x-workspace-id' });
    const foreign = await post('/v1/messaging/sms/campaign', campaign(1), { 'x-workspace-id': fixture.teams.outsider.workspaceId });
    expect(foreign.status).toBe(403);
  });

  it('honours STOP and START from the inbound webhook and counts replies', async () => {
    const first = (await (await post('/v1/messaging/sms/campaign', campaign(3))).json()) as { data: { campaign_id: string } };
    await service.settle();
    const stop = await post('/v1/messaging/sms/inbound', { from: phone(1), body: 'stop', message_id: 'in-1' });
    expect(await stop.json()).toMatchObject({ data: { action: 'opted_out', campaign_id: first.data.campaign_id } });
    const again = await post('/v1/messaging/sms/inbound', { from: phone(1), body: 'stop', message_id: 'in-1' });
    expect(await again.json()).toMatchObject({ data: { duplicate: true } });

    const second = (await (await post('/v1/messaging/sms/campaign', campaign(3))).json()) as { data: { campaign_id: string } };
    await service.settle();
    const event = completions().find((e) => (e.detail.data as { campaign_id: string }).campaign_id === second.data.campaign_id);
    expect(event?.detail.data).toMatchObject({ final_counts: { sent: 2, failed: 0, opted_out: 1 } });
    const texted = service.sms.sent.filter((t) => t.reference.startsWith(second.data.campaign_id)).map((t) => t.to);
    expect(texted).not.toContain(phone(1));

    const start = await post('/v1/messaging/sms/inbound', { from: phone(1), body: 'START', message_id: 'in-2' });
    expect(await start.json()).toMatchObject({ data: { action: 'opted_in' } });
    const status = (await (
      await fetch(`${service.url}/v1/messaging/sms/campaign/${first.data.campaign_id}`, {
        headers: { authorization: `Bearer ${key}`, 'x-workspace-id': fixture.teams.own.workspaceId },
      })
    ).json()) as { data: { status: string; replies: number } };
    // STOP and START count as replies to the first campaign (the second never texted that number);
    // the redelivered STOP counts once.
    expect(status.data).toMatchObject({ status: 'completed', replies: 2 });
  });

  it('refuses to cancel a completed campaign with 409, and cancels a scheduled one', async () => {
    const done = (await (await post('/v1/messaging/sms/campaign', campaign(1))).json()) as { data: { campaign_id: string } };
    await service.settle();
    expect((await post(`/v1/messaging/sms/campaign/${done.data.campaign_id}/cancel`, {})).status).toBe(409);

    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = (await (await post('/v1/messaging/sms/campaign', campaign(5, { schedule_time: later }))).json()) as {
      data: { campaign_id: string; status: string; scheduled_time: string };
    };
    expect(scheduled.data.status).toBe('scheduled');
    const cancelled = await post(`/v1/messaging/sms/campaign/${scheduled.data.campaign_id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ data: { status: 'cancelled', messages_sent: 0 } });
    expect(service.scheduler.pending().some((s) => s.name.includes(scheduled.data.campaign_id))).toBe(false);
  });

  it("answers another team's campaign id like a missing one", async () => {
    const mine = (await (await post('/v1/messaging/sms/campaign', campaign(1))).json()) as { data: { campaign_id: string } };
    await service.settle();
    const response = await fetch(`${service.url}/v1/messaging/sms/campaign/${mine.data.campaign_id}`, {
      headers: { authorization: `Bearer ${key}`, 'x-workspace-id': fixture.teams.sibling.workspaceId },
    });
    expect(response.status).toBe(404);
  });
});
