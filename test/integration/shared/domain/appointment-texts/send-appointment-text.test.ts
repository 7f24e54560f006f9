import { DynamoAppointmentTextStore } from '#shared/adapters/dynamodb/appointment-text-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoOutboundFeedStore } from '#shared/adapters/dynamodb/outbound-feed-store';
import { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { confirmationBody } from '#shared/domain/appointment-texts/bodies';
import type { AppointmentNotice } from '#shared/domain/appointment-texts/notice';
import {
  type AppointmentText,
  type AppointmentTextDependencies,
  sendAppointmentText,
} from '#shared/domain/appointment-texts/send-appointment-text';
import { ClaimHeldElsewhereError, claimToken } from '#shared/domain/claims';
import { PermanentProviderError } from '#shared/ports/provider-errors';
import type { SmsProvider, SmsSendRequest } from '#shared/ports/sms-provider';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { SandboxSmsProvider } from '../../../../../local/sandbox/sms-provider';
import { startEmulator } from '../../../../support/emulator';

let dynamo: LocalDynamo;
let texts: DynamoAppointmentTextStore;
let campaigns: DynamoCampaignStore;
let feed: DynamoOutboundFeedStore;
let sms: SandboxSmsProvider;

const TEAM = 41;
const OTHER_TEAM = 42;
let serial = 0;

beforeAll(async () => {
  dynamo = await startEmulator();
  texts = new DynamoAppointmentTextStore(getDocumentClient(), physicalTableName('campaigns'));
  campaigns = new DynamoCampaignStore(getDocumentClient(), physicalTableName('campaigns'));
  feed = new DynamoOutboundFeedStore(getDocumentClient(), physicalTableName('campaigns'));
});
beforeEach(() => {
  sms = new SandboxSmsProvider();
});
afterAll(() => dynamo.stop());

/** A fresh appointment (and number) per test, so tests share no records. */
async function confirmation(overrides: Partial<AppointmentNotice> = {}): Promise<AppointmentText> {
  serial++;
  const notice: AppointmentNotice = {
    teamId: TEAM,
    appointmentId: `apt_test_${serial}`,
    phone: `+1212555${String(1000 + serial).padStart(4, '0')}`,
    businessName: 'Rapid Rooter Plumbing',
    service: 'Drain cleaning',
    start: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    zone: 'America/New_York',
    manageUrl: 'https://svc.example.com/widget/manage/abc',
    ...overrides,
  };
  return { notice, purpose: 'booking_confirmation', occurrence: 'v1', body: await confirmationBody(notice) };
}

function deps(overrides: Partial<AppointmentTextDependencies> = {}): AppointmentTextDependencies {
  return { texts, sms, pricePerSegmentMicros: 8300, maxRunMs: 60_000, sleep: async () => {}, ...overrides };
}

const delivery = (messageId: string, receiveCount = 1) => ({ messageId, receiveCount });
const feedOf = async (teamId: number, appointmentId: string) =>
  (await feed.listTexts({ teamId, limit: 500 })).map((r) => r.text).filter((t) => t.appointment_id === appointmentId);

describe('sending an appointment text', () => {
  it('texts once and lists it on the team’s feed with its purpose, appointment, body and cost', async () => {
    const text = await confirmation();
    const result = await sendAppointmentText(deps(), text, delivery('m1'));

    expect(result).toMatchObject({ outcome: 'sent' });
    expect(sms.sent).toEqual([expect.objectContaining({ to: text.notice.phone, body: text.body })]);
    const rows = await feedOf(TEAM, text.notice.appointmentId);
    expect(rows).toEqual([
      expect.objectContaining({
        campaign_id: null,
        purpose: 'booking_confirmation',
        appointment_id: text.notice.appointmentId,
        recipient: text.notice.phone,
        body: text.body,
        status: 'sent',
        segments: 2,
        cost_micros: 2 * 8300,
        sent_at: expect.any(String),
      }),
    ]);
    expect(await feedOf(OTHER_TEAM, text.notice.appointmentId)).toEqual([]);
    const sentRows = await feed.listTexts({ teamId: TEAM, status: 'sent', limit: 500 });
    expect(sentRows.some((r) => r.text.appointment_id === text.notice.appointmentId)).toBe(true);
  });

  it('sends nothing more when the same work is delivered again, in sequence or at once', async () => {
    const text = await confirmation();
    await sendAppointmentText(deps(), text, delivery('m1'));
    expect(await sendAppointmentText(deps(), text, delivery('m1', 2))).toEqual({ outcome: 'already_handled', status: 'sent' });

    const racing = await confirmation();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => sendAppointmentText(deps(), racing, delivery(`race-${i}`))),
    );
    expect(sms.sent.filter((t) => t.to === racing.notice.phone)).toHaveLength(1);
    const outcomes = results.map((r) => (r.status === 'fulfilled' ? r.value.outcome : (r.reason as Error).name));
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    // The others found it sent, or still claimed by the winner (they fail back to the queue and find it sent later).
    expect(outcomes.every((o) => ['sent', 'already_handled', 'ClaimHeldElsewhereError'].includes(o))).toBe(true);
    expect(await feedOf(TEAM, racing.notice.appointmentId)).toHaveLength(1);
  });

  it('sends another purpose or occurrence of the same appointment: each is its own text', async () => {
    const text = await confirmation();
    await sendAppointmentText(deps(), text, delivery('m1'));
    await sendAppointmentText(deps(), { ...text, purpose: 'booking_reminder', occurrence: '2026-03-10T16:30:00.000Z' }, delivery('m2'));
    await sendAppointmentText(deps(), { ...text, purpose: 'booking_reminder', occurrence: '2026-03-09T18:30:00.000Z' }, delivery('m3'));
    expect(sms.sent).toHaveLength(3);
    expect((await feedOf(TEAM, text.notice.appointmentId)).map((t) => t.purpose).sort()).toEqual([
      'booking_confirmation',
      'booking_reminder',
      'booking_reminder',
    ]);
  });

  it('never texts a number on the team’s suppression list, records why once, and the opt-out of another team does not count', async () => {
    const text = await confirmation();
    await campaigns.suppress(TEAM, text.notice.phone, 'STOP', new Date().toISOString());
    const first = await sendAppointmentText(deps(), text, delivery('m1'));
    const again = await sendAppointmentText(deps(), text, delivery('m1', 2));

    expect(first).toEqual({ outcome: 'suppressed', reason: expect.stringContaining('suppression list') });
    expect(again).toEqual(first);
    expect(sms.sent).toEqual([]);
    expect(await feedOf(TEAM, text.notice.appointmentId)).toEqual([
      expect.objectContaining({
        status: 'suppressed',
        error: first.outcome === 'suppressed' ? first.reason : '',
        sent_at: null,
        body: text.body,
      }),
    ]);

    const elsewhere = await confirmation({ teamId: OTHER_TEAM, phone: text.notice.phone });
    expect(await sendAppointmentText(deps(), elsewhere, delivery('m2'))).toMatchObject({ outcome: 'sent' });
    await campaigns.unsuppress(TEAM, text.notice.phone);
  });

  it('settles a claim left by an earlier receive as unconfirmed and never sends it again', async () => {
    const text = await confirmation();
    const key = { teamId: TEAM, appointmentId: text.notice.appointmentId, purpose: text.purpose, occurrence: text.occurrence };
    const token = claimToken(delivery('m1', 1));
    expect(await texts.claim({ key, phone: text.notice.phone, body: text.body, segments: 2, at: new Date().toISOString(), token })).toEqual(
      {
        kind: 'claimed',
      },
    );

    const result = await sendAppointmentText(deps(), text, delivery('m1', 2));

    expect(result).toMatchObject({ outcome: 'unconfirmed' });
    expect(sms.sent).toEqual([]);
    expect(await sendAppointmentText(deps(), text, delivery('m1', 3))).toEqual({ outcome: 'already_handled', status: 'unconfirmed' });
    expect((await feedOf(TEAM, text.notice.appointmentId))[0]).toMatchObject({ status: 'unconfirmed', error: expect.any(String) });
  });

  it('leaves a claim whose sender may still run, failing the delivery back, and settles it once abandoned', async () => {
    const text = await confirmation();
    const key = { teamId: TEAM, appointmentId: text.notice.appointmentId, purpose: text.purpose, occurrence: text.occurrence };
    const claimedAt = new Date();
    await texts.claim({ key, phone: text.notice.phone, body: text.body, segments: 2, at: claimedAt.toISOString(), token: 'other#1' });

    await expect(sendAppointmentText(deps(), text, delivery('m2'))).rejects.toThrow(ClaimHeldElsewhereError);
    const later = () => new Date(claimedAt.getTime() + 61_000);
    expect(await sendAppointmentText(deps({ now: later }), text, delivery('m2', 2))).toMatchObject({ outcome: 'unconfirmed' });
    expect(sms.sent).toEqual([]);
  });

  it('gives the claim back while the provider is down, so the redelivery sends it once', async () => {
    const text = await confirmation();
    let down = true;
    const flaky: SmsProvider = {
      send: (request: SmsSendRequest) => (down ? Promise.reject(new Error('provider 503')) : sms.send(request)),
    };
    await expect(sendAppointmentText(deps({ sms: flaky }), text, delivery('m1'))).rejects.toThrow('provider 503');
    expect(await feedOf(TEAM, text.notice.appointmentId)).toEqual([]);

    down = false;
    expect(await sendAppointmentText(deps({ sms: flaky }), text, delivery('m1', 2))).toMatchObject({ outcome: 'sent' });
    expect(sms.sent).toHaveLength(1);
  });

  it('records a refusal of the provider as failed with its reason, and does not try again', async () => {
    const text = await confirmation();
    const refusing = new SandboxSmsProvider(undefined, () => new PermanentProviderError('carrier refused: landline', 400));
    const result = await sendAppointmentText(deps({ sms: refusing }), text, delivery('m1'));

    expect(result).toEqual({ outcome: 'failed', reason: 'carrier refused: landline' });
    expect(await sendAppointmentText(deps(), text, delivery('m1', 2))).toEqual({ outcome: 'already_handled', status: 'failed' });
    expect(sms.sent).toEqual([]);
    expect((await feedOf(TEAM, text.notice.appointmentId))[0]).toMatchObject({ status: 'failed', error: 'carrier refused: landline' });
  });
});
