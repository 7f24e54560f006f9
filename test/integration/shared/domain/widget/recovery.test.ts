import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { suppressionPk } from '#shared/adapters/dynamodb/suppression-list';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { recoveryMessageOf } from '#shared/domain/outbox/widget-followups';
import type { Team } from '#shared/domain/tenancy';
import { RECOVERY_DUE } from '#shared/domain/widget/recovery';
import { followUpRecovery } from '#shared/domain/widget/recovery-followup';
import { resumeWidgetSession } from '#shared/domain/widget/resume-session';
import { resumeLinks } from '#shared/domain/widget/resume-token';
import { bookWidgetSession, recordWidgetStep, requireTokenSession } from '#shared/domain/widget/widget-sessions';
import { NotFoundError, UnauthorizedError } from '#shared/errors';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { RecordingQueue, RecordingScheduler } from '../../../../support/intake-fakes';
import {
  minutesAfter as at,
  delivery,
  dropOff,
  followDeps,
  recoveryIntake as intake,
  leftSession as leftSessionOf,
  outboxOf,
  RecordingSms,
  recoveryTeam,
  RECOVERY_SCHEDULER as SCHEDULER,
  RECOVERY_SECRET as SECRET,
  recoverySessions as sessions,
  setRecovery as setRecoveryOf,
  widgetDeps,
} from '../../../../support/widget-recovery';

let dynamo: LocalDynamo;
let team: Team;
const PHONE = '+13125550142';
const client = () => getDocumentClient();
const leftSession = (details: { phone: string } | null) => leftSessionOf(team, details);
const setRecovery = (mode: 'text' | 'call' | 'both' | 'off') => setRecoveryOf(team, mode);

beforeAll(async () => {
  dynamo = await startEmulator();
  team = await recoveryTeam('ws_recovery_it');
});
afterAll(() => dynamo.stop());

describe('booking recovery', () => {
  it('keeps the details at customer_info_completed and refuses an invalid phone naming the field', async () => {
    const { ref, token } = await leftSession({ phone: '(312) 555-0142' });
    const stored = await sessions().getSession(ref);
    expect(stored?.session.customer_info).toEqual({ name: 'Robin Vale', phone: PHONE, email: 'robin@example.com', address: '12 Elm St' });
    await expect(
      recordWidgetStep(widgetDeps(), {
        token,
        step: 'customer_info_completed',
        customer: { name: 'R', phone: '12', email: 'r@example.com', address: 'x' },
        now: at(4),
      }),
    ).rejects.toMatchObject({ field: 'phone' });
  });

  it('drops a qualified session off with its lead and events in one write, texts once, and resumes and books it', async () => {
    const { ref, token } = await leftSession({ phone: PHONE });
    expect(await dropOff(ref)).toBe('dropped_off');
    const dropped = await sessions().getSession(ref);
    expect(dropped?.session).toMatchObject({ status: 'dropped_off', qualified_drop_off: true });
    expect(dropped?.extras.recovery?.mode).toBe('text');
    const events = await outboxOf(ref.sessionId);
    expect(events.map((e) => e.type).sort()).toEqual(['lead.created', RECOVERY_DUE]);
    expect(events.find((e) => e.type === 'lead.created')?.detail).toMatchObject({
      lead_id: dropped?.extras.lead_id,
      external_id: ref.sessionId,
    });
    // The same check again (a redelivery) plans nothing more.
    expect(await dropOff(ref)).toBe('not_pending');

    const message = recoveryMessageOf(events.find((e) => e.type === RECOVERY_DUE) as never);
    expect(message).toEqual({
      kind: 'recovery',
      session: { team_id: team.id, scheduler_id: SCHEDULER, started_at: ref.startedAt, session_id: ref.sessionId },
    });
    const sms = new RecordingSms();
    expect(await followUpRecovery(followDeps(sms), ref, delivery(1), at(41))).toEqual(['sent']);
    expect(await followUpRecovery(followDeps(sms), ref, delivery(2), at(42))).toEqual(['already_handled']);
    expect(sms.sent).toHaveLength(1);
    expect(sms.sent[0]?.body).toMatch(/^Summit Plumbing: you started booking your Drain cleaning visit online\./);
    const url = /(https:\/\/book\.example\/widget\/\d+\/601\?resume=\S+)/.exec(sms.sent[0]?.body ?? '')?.[1] ?? '';
    expect(url).not.toBe('');
    const sent = (await sessions().getSession(ref))?.session.events.filter((e) => e.event_type === 'recovery_sent');
    expect(sent).toEqual([{ event_type: 'recovery_sent', created_at: at(41).toISOString(), channel: 'text' }]);

    const resumeToken = decodeURIComponent(new URL(url).searchParams.get('resume') ?? '');
    const resumed = await resumeWidgetSession(widgetDeps(), { resumeToken, now: at(120) });
    expect(resumed).toMatchObject({
      step: 'customer_info_completed',
      resumed: true,
      session: { status: 'pending', issue_type: 'Drain cleaning' },
    });
    expect(resumed.session.customer_info.phone).toBe(PHONE);
    await expect(requireTokenSession(widgetDeps(), token)).rejects.toThrow(UnauthorizedError);
    const booked = await bookWidgetSession(widgetDeps(), {
      token: resumed.token,
      issueType: 'Drain cleaning',
      date: '2026-06-11',
      time: '10:00',
      customer: { name: 'Robin Vale', phone: PHONE, email: 'robin@example.com', address: '12 Elm St' },
      honeypot: '',
      now: at(121),
    });
    expect(booked.kind).toBe('booked');
    const after = await sessions().getSession(ref);
    expect(after?.session).toMatchObject({ status: 'booked', recovered: true });
    expect(after?.extras.lead_id).toBe(dropped?.extras.lead_id);
    // Booked now: a late recovery message sends nothing.
    expect(await followUpRecovery(followDeps(sms), ref, delivery(3), at(122))).toEqual(['booked']);
    expect(sms.sent).toHaveLength(1);
  });

  it('answers 404 for an unknown, malformed or expired resume token', async () => {
    const { ref } = await leftSession({ phone: '+13125550143' });
    await dropOff(ref);
    const stored = await sessions().getSession(ref);
    const token = await resumeLinks(SECRET).tokenOf(ref, stored?.extras.recovery?.resume as never);
    await expect(resumeWidgetSession(widgetDeps(), { resumeToken: token as string, now: at(40 + 72 * 60 + 1) })).rejects.toThrow(
      NotFoundError,
    );
    await expect(resumeWidgetSession(widgetDeps(), { resumeToken: 'wrt_nope.x', now: at(41) })).rejects.toThrow(NotFoundError);
    await expect(resumeWidgetSession(widgetDeps(), { resumeToken: `${(token as string).slice(0, -2)}AA`, now: at(41) })).rejects.toThrow(
      NotFoundError,
    );
  });

  it('plans nothing for a session without a phone, nor under recovery off', async () => {
    const noPhone = await leftSession(null);
    expect(await dropOff(noPhone.ref)).toBe('dropped_off');
    expect((await sessions().getSession(noPhone.ref))?.extras.recovery ?? null).toBeNull();
    await setRecovery('off');
    try {
      const off = await leftSession({ phone: '+13125550144' });
      expect(await dropOff(off.ref)).toBe('dropped_off');
      const stored = await sessions().getSession(off.ref);
      expect(stored?.extras.recovery ?? null).toBeNull();
      expect(stored?.session.qualified_drop_off).toBe(true);
      expect(await outboxOf(off.ref.sessionId)).toEqual([]);
    } finally {
      await setRecovery('text');
    }
  });

  it('never texts a suppressed number, and defers a text outside the calling hours to the next window', async () => {
    const suppressed = await leftSession({ phone: '+13125550145' });
    await client().send(
      new PutCommand({
        TableName: physicalTableName('campaigns'),
        Item: { pk: suppressionPk(team.id), sk: '+13125550145' },
      }),
    );
    await dropOff(suppressed.ref);
    const sms = new RecordingSms();
    expect(await followUpRecovery(followDeps(sms), suppressed.ref, delivery(), at(41))).toEqual(['suppressed']);
    expect(sms.sent).toEqual([]);

    const night = await leftSession({ phone: '+13125550146' });
    await dropOff(night.ref);
    const scheduler = new RecordingScheduler();
    // 23:30 in Chicago: the next window opens at 08:00.
    const late = new Date('2026-06-11T04:30:00Z');
    expect(await followUpRecovery(followDeps(sms, scheduler), night.ref, delivery(), late)).toEqual(['deferred']);
    expect(sms.sent).toEqual([]);
    expect(scheduler.scheduled).toHaveLength(1);
    expect(scheduler.scheduled[0]?.at.toISOString()).toBe('2026-06-11T13:00:00.000Z');
    expect(scheduler.scheduled[0]?.body).toMatchObject({ kind: 'recovery' });
    // When the window opens, the message comes back and the text goes, once.
    expect(await followUpRecovery(followDeps(sms, scheduler), night.ref, delivery(2), new Date('2026-06-11T13:00:00Z'))).toEqual(['sent']);
    expect(sms.sent).toHaveLength(1);
  });

  it('calls through the outreach queue under recovery call', async () => {
    await setRecovery('call');
    try {
      const left = await leftSession({ phone: '+13125550147' });
      await dropOff(left.ref);
      const queue = new RecordingQueue();
      const sms = new RecordingSms();
      expect(await followUpRecovery(followDeps(sms, new RecordingScheduler(), queue), left.ref, delivery(), at(41))).toEqual([
        'call_dispatched',
      ]);
      expect(await followUpRecovery(followDeps(sms, new RecordingScheduler(), queue), left.ref, delivery(2), at(42))).toEqual([
        'call_under_way',
      ]);
      expect(queue.sent).toHaveLength(1);
      expect(sms.sent).toEqual([]);
      const stored = await sessions().getSession(left.ref);
      const lead = await intake().getLeadByStlCallId(stored?.extras.stl_call_id as number);
      expect(lead?.lead_content).toMatchObject({ recovery: true, service_type: 'Drain cleaning', session_id: left.ref.sessionId });
      expect(lead?.outreach).toMatchObject({ status: 'queued', dispatched: true });
    } finally {
      await setRecovery('text');
    }
  });
});
