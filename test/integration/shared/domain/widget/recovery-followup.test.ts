import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoOutboundFeedStore } from '#shared/adapters/dynamodb/outbound-feed-store';
import { DynamoCampaignStore } from '#shared/adapters/dynamodb/sms-campaign-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { capFor, rulesFor } from '#shared/domain/sms/calling-hours';
import type { SendStatus } from '#shared/domain/sms-campaigns/campaign';
import { holdCapSlot } from '#shared/domain/sms-campaigns/campaign-schedule';
import type { Team } from '#shared/domain/tenancy';
import { BOOKED_MEANWHILE, followUpRecovery } from '#shared/domain/widget/recovery-followup';
import { bookWidgetSession } from '#shared/domain/widget/widget-sessions';
import type { WidgetSessionRef } from '#shared/ports/widget-session-store';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { RecordingQueue, RecordingScheduler } from '../../../../support/intake-fakes';
import { subjectErasure } from '../../../../support/subject-erasure';
import {
  CUSTOMER,
  delivery,
  dropOff,
  followDeps,
  leftSession,
  minutesAfter,
  RecordingSms,
  recoverySessions,
  recoveryTeam,
  SLOT,
  setRecovery,
  widgetDeps,
} from '../../../../support/widget-recovery';

let dynamo: LocalDynamo;
let team: Team;
/** 23:30 in Chicago, the night after the drop-off: outside every calling window (the next opens at 08:00, 13:00Z). */
const NIGHT = new Date('2026-06-11T04:30:00Z');
const WINDOW = new Date('2026-06-11T13:00:00Z');

beforeAll(async () => {
  dynamo = await startEmulator();
  team = await recoveryTeam('ws_followup_it');
});
afterAll(() => dynamo.stop());

/** The team's recovery texts to a number on the outbound texts feed, optionally of one status (its own index). */
async function feedTexts(phone: string, status?: SendStatus) {
  const feed = new DynamoOutboundFeedStore(getDocumentClient(), physicalTableName('campaigns'));
  const rows = await feed.listTexts({ teamId: team.id, limit: 100, ...(status ? { status } : {}) });
  return rows.map((r) => r.text).filter((t) => t.purpose === 'booking_recovery' && t.recipient === phone);
}

async function book(ref: WidgetSessionRef, token: string, phone: string, time: string, now: Date): Promise<void> {
  const customer = { ...CUSTOMER, phone };
  const outcome = await bookWidgetSession(widgetDeps(), {
    token,
    issueType: 'Drain cleaning',
    date: SLOT.date,
    time,
    customer,
    honeypot: '',
    now,
  });
  expect(outcome.kind).toBe('booked');
  expect((await recoverySessions().getSession(ref))?.session.status).toBe('booked');
}

describe('a recovery follow-up that sends nothing', () => {
  it('ends a deferred text skipped, reason kept, when its session was booked before the window', async () => {
    const phone = '+13125550170';
    const { ref, token } = await leftSession(team, { phone });
    await dropOff(ref);
    const sms = new RecordingSms();
    const scheduler = new RecordingScheduler();
    expect(await followUpRecovery(followDeps(sms, scheduler), ref, delivery(1), NIGHT)).toEqual(['deferred']);
    expect(await feedTexts(phone)).toMatchObject([{ status: 'deferred', deferred_until: WINDOW.toISOString() }]);
    await book(ref, token, phone, '11:00', new Date('2026-06-11T05:00:00Z'));

    // The schedule delivers the message again when the window opens: the session is booked.
    expect(await followUpRecovery(followDeps(sms, scheduler), ref, delivery(2), WINDOW)).toEqual(['booked']);
    expect(await followUpRecovery(followDeps(sms, scheduler), ref, delivery(3), WINDOW)).toEqual(['booked']);
    expect(sms.sent).toEqual([]);
    const [text] = await feedTexts(phone);
    expect(text).toMatchObject({ status: 'skipped', error: BOOKED_MEANWHILE, deferred_until: null, sent_at: null, cost_micros: 0 });
    expect(typeof text?.send_at).toBe('string');
    expect(await feedTexts(phone, 'skipped')).toHaveLength(1);
    expect(await feedTexts(phone, 'deferred')).toEqual([]);
    expect((await recoverySessions().getSession(ref))?.session.events.some((e) => e.event_type === 'recovery_sent')).toBe(false);
  });

  it('sends nothing and records no text for a session booked before its recovery went', async () => {
    const phone = '+13125550171';
    await setRecovery(team, 'both');
    try {
      const { ref, token } = await leftSession(team, { phone });
      await dropOff(ref);
      await book(ref, token, phone, '12:00', minutesAfter(41));
      const sms = new RecordingSms();
      const queue = new RecordingQueue();
      expect(await followUpRecovery(followDeps(sms, new RecordingScheduler(), queue), ref, delivery(), minutesAfter(42))).toEqual([
        'booked',
      ]);
      expect(sms.sent).toEqual([]);
      expect(queue.sent).toEqual([]);
      expect(await feedTexts(phone)).toEqual([]);
    } finally {
      await setRecovery(team, 'text');
    }
  });

  it('sends nothing, calls no one and fails nothing for a session whose person was deleted after its message was queued', async () => {
    const phone = '+13125550176';
    await setRecovery(team, 'both');
    try {
      const { ref } = await leftSession(team, { phone });
      await dropOff(ref);
      const erasure = subjectErasure(team.enterpriseId, { phone, email: null });
      expect(await erasure.eraseTwice('sessions', await erasure.deletionOf(team.id))).toBe(1);
      const sms = new RecordingSms();
      const queue = new RecordingQueue();
      // Delivered twice, as a redelivery would: the same answer, no error for the queue to retry.
      for (const attempt of [1, 2]) {
        const outcomes = await followUpRecovery(followDeps(sms, new RecordingScheduler(), queue), ref, delivery(attempt), minutesAfter(42));
        expect(outcomes).toEqual(['erased']);
      }
      expect(sms.sent).toEqual([]);
      expect(queue.sent).toEqual([]);
      expect(await feedTexts(phone)).toEqual([]);
    } finally {
      await setRecovery(team, 'text');
    }
  });

  it('sends nothing when the session is booked while the follow-up reads the team and its rules', async () => {
    const phone = '+13125550173';
    const { ref, token } = await leftSession(team, { phone });
    await dropOff(ref);
    const sms = new RecordingSms();
    const deps = followDeps(sms);
    let bookedMeanwhile = false;
    const racing = {
      ...deps,
      messagingConfig: async (teamId: number) => {
        if (!bookedMeanwhile) {
          bookedMeanwhile = true;
          await book(ref, token, phone, '14:00', minutesAfter(41));
        }
        return deps.messagingConfig(teamId);
      },
    };
    expect(await followUpRecovery(racing, ref, delivery(1), minutesAfter(41))).toEqual(['booked']);
    expect(bookedMeanwhile).toBe(true);
    expect(sms.sent).toEqual([]);
    expect(await feedTexts(phone)).toEqual([]);
  });

  it('skips a number whose frequency cap is full, the reason on the feed, once however often the message comes', async () => {
    // A Florida number: at most 3 solicitations in 24 hours; three went today.
    const phone = '+13055550172';
    const cap = capFor(rulesFor(phone));
    if (!cap) throw new Error('a Florida number has a cap');
    const caps = new DynamoCampaignStore(getDocumentClient(), physicalTableName('campaigns'));
    for (const n of [1, 2, 3]) {
      const held = await holdCapSlot(caps, { teamId: team.id, phone, campaignId: `earlier-${n}`, cap, now: minutesAfter(n) });
      expect(held.ok).toBe(true);
    }
    const { ref } = await leftSession(team, { phone });
    await dropOff(ref);
    const sms = new RecordingSms();
    expect(await followUpRecovery(followDeps(sms), ref, delivery(1), minutesAfter(41))).toEqual(['capped']);
    expect(await followUpRecovery(followDeps(sms), ref, delivery(2), minutesAfter(42))).toEqual(['capped']);
    expect(sms.sent).toEqual([]);
    const texts = await feedTexts(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ status: 'capped', sent_at: null });
    expect(texts[0]?.error).toMatch(/^FL frequency cap: at most 3 solicitations in 24 hours/);
  });
});

describe('a recovery follow-up under both', () => {
  it('queues one call and sends one text, each recorded once on the session', async () => {
    await setRecovery(team, 'both');
    try {
      const { ref } = await leftSession(team, { phone: '+13125550173' });
      await dropOff(ref);
      const sms = new RecordingSms();
      const queue = new RecordingQueue();
      const deps = followDeps(sms, new RecordingScheduler(), queue);
      expect(await followUpRecovery(deps, ref, delivery(1), minutesAfter(41))).toEqual(['call_dispatched', 'sent']);
      expect(await followUpRecovery(deps, ref, delivery(2), minutesAfter(42))).toEqual(['call_under_way', 'already_handled']);
      expect(queue.sent).toHaveLength(1);
      expect(sms.sent).toHaveLength(1);
      const channels = (await recoverySessions().getSession(ref))?.session.events
        .filter((e) => e.event_type === 'recovery_sent')
        .map((e) => e.channel);
      expect(channels?.sort()).toEqual(['call', 'text']);
    } finally {
      await setRecovery(team, 'text');
    }
  });
});
