import type { Team } from '#shared/domain/tenancy';
import { resumeWidgetSession } from '#shared/domain/widget/resume-session';
import { resumeLinks } from '#shared/domain/widget/resume-token';
import { bookWidgetSession, recordWidgetStep, startWidgetSession } from '#shared/domain/widget/widget-sessions';
import { BadRequestError } from '#shared/errors';
import type { WidgetSessionRef } from '#shared/ports/widget-session-store';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import {
  CUSTOMER,
  dropOff,
  leftSession,
  minutesAfter,
  RECOVERY_NOW,
  RECOVERY_SCHEDULER,
  RECOVERY_SECRET,
  recoverySessions,
  recoveryTeam,
  SLOT,
  widgetDeps,
} from '../../../../support/widget-recovery';

let dynamo: LocalDynamo;
let team: Team;

beforeAll(async () => {
  dynamo = await startEmulator();
  team = await recoveryTeam('ws_resume_it');
});
afterAll(() => dynamo.stop());

/** The resume token the session's recovery text would carry. */
async function resumeTokenOf(ref: WidgetSessionRef): Promise<string> {
  const seal = (await recoverySessions().getSession(ref))?.extras.recovery?.resume;
  if (!seal) throw new Error('no recovery planned');
  const token = await resumeLinks(RECOVERY_SECRET).tokenOf(ref, seal);
  if (!token) throw new Error('no resume token');
  return token;
}

/** Someone else books the last place of a slot (capacity 1 by default) from a session of their own. */
async function takeSlot(slot: { date: string; time: string }): Promise<void> {
  const deps = widgetDeps();
  const { token } = await startWidgetSession(deps, {
    teamId: team.id,
    schedulerId: RECOVERY_SCHEDULER,
    pageUrl: null,
    referrer: null,
    now: RECOVERY_NOW,
  });
  const customer = { ...CUSTOMER, name: 'Sam Other', phone: '+13125550190' };
  const outcome = await bookWidgetSession(deps, {
    token,
    issueType: 'Drain cleaning',
    ...slot,
    customer,
    honeypot: '',
    now: minutesAfter(50),
  });
  expect(outcome.kind).toBe('booked');
}

describe('resuming a session at the slot it picked', () => {
  it('keeps the slot picked at booking_started on the session', async () => {
    const { ref } = await leftSession(team, { phone: '+13125550160' });
    expect((await recoverySessions().getSession(ref))?.session).toMatchObject({ selected_date: SLOT.date, selected_time: SLOT.time });
  });

  it('refuses a slot the scheduler does not book, or half a slot, or a slot on another step, naming the field', async () => {
    const deps = widgetDeps();
    const { token } = await startWidgetSession(deps, {
      teamId: team.id,
      schedulerId: RECOVERY_SCHEDULER,
      pageUrl: null,
      referrer: null,
      now: RECOVERY_NOW,
    });
    const step = (input: { step?: 'booking_started' | 'issue_selected'; date?: string; time?: string; issueType?: string }) =>
      recordWidgetStep(deps, { token, step: 'booking_started', ...input, now: minutesAfter(1) });
    await expect(step({ date: SLOT.date, time: '03:00' })).rejects.toMatchObject({ field: 'time' });
    await expect(step({ date: '2027-06-11', time: '10:00' })).rejects.toMatchObject({ field: 'date' });
    await expect(step({ date: SLOT.date })).rejects.toMatchObject({ field: 'time' });
    await expect(step({ time: '10:00' })).rejects.toMatchObject({ field: 'date' });
    await expect(step({ step: 'issue_selected', issueType: 'Drain cleaning', ...SLOT })).rejects.toBeInstanceOf(BadRequestError);
    const session = (await recordWidgetStep(deps, { token, step: 'booking_started', now: minutesAfter(2) })).selected_date;
    expect(session).toBeNull();
  });

  it('answers the slot left, still open, with the step and the details, and books it recovered', async () => {
    const { ref } = await leftSession(team, { phone: '+13125550161' });
    expect(await dropOff(ref)).toBe('dropped_off');
    const resumed = await resumeWidgetSession(widgetDeps(), { resumeToken: await resumeTokenOf(ref), now: minutesAfter(120) });
    expect(resumed.step).toBe('customer_info_completed');
    expect(resumed.slot).toMatchObject({ date: SLOT.date, time: SLOT.time, label: '10:00 AM', remaining: 1 });
    expect(resumed.session).toMatchObject({
      status: 'pending',
      selected_date: SLOT.date,
      selected_time: SLOT.time,
      customer_info: { ...CUSTOMER, phone: '+13125550161' },
    });
    const booked = await bookWidgetSession(widgetDeps(), {
      token: resumed.token,
      issueType: 'Drain cleaning',
      ...SLOT,
      customer: { ...CUSTOMER, phone: '+13125550161' },
      honeypot: '',
      now: minutesAfter(121),
    });
    expect(booked.kind).toBe('booked');
    expect((await recoverySessions().getSession(ref))?.session).toMatchObject({ status: 'booked', recovered: true });
  });

  it('answers no slot when the one picked was taken meanwhile, the session still reopening with its details', async () => {
    const taken = { date: SLOT.date, time: '14:00' };
    const { ref } = await leftSession(team, { phone: '+13125550162' }, taken);
    await dropOff(ref);
    await takeSlot(taken);
    const resumed = await resumeWidgetSession(widgetDeps(), { resumeToken: await resumeTokenOf(ref), now: minutesAfter(120) });
    expect(resumed.slot).toBeNull();
    expect(resumed.step).toBe('customer_info_completed');
    expect(resumed.session).toMatchObject({ selected_date: taken.date, selected_time: taken.time });
    expect(resumed.session.customer_info.phone).toBe('+13125550162');
  });

  it('answers no slot when none was picked, or the one picked has passed', async () => {
    const none = await leftSession(team, { phone: '+13125550163' }, null);
    await dropOff(none.ref);
    const unpicked = await resumeWidgetSession(widgetDeps(), { resumeToken: await resumeTokenOf(none.ref), now: minutesAfter(120) });
    expect(unpicked.slot).toBeNull();
    const soon = await leftSession(team, { phone: '+13125550164' });
    await dropOff(soon.ref);
    // Two days later the Thursday slot is in the past.
    const late = await resumeWidgetSession(widgetDeps(), { resumeToken: await resumeTokenOf(soon.ref), now: minutesAfter(48 * 60) });
    expect(late.slot).toBeNull();
  });
});
