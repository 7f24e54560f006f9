import { type PlaceCallDependencies, placeOutreachCall } from '#shared/domain/intake/place-outreach-call';
import type { Team } from '#shared/domain/tenancy';
import { recoverySessionBooked } from '#shared/domain/widget/recovery';
import { followUpRecovery } from '#shared/domain/widget/recovery-followup';
import { bookWidgetSession } from '#shared/domain/widget/widget-sessions';
import type { OutboundCallRequest, VoiceProvider } from '#shared/ports/voice-provider';
import type { WidgetSessionRef } from '#shared/ports/widget-session-store';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';
import { RecordingQueue, RecordingScheduler } from '../../../../support/intake-fakes';
import {
  CUSTOMER,
  delivery,
  dropOff,
  followDeps,
  leftSession,
  minutesAfter,
  RecordingSms,
  recoveryIntake,
  recoverySessions,
  recoveryTeam,
  SLOT,
  widgetDeps,
} from '../../../../support/widget-recovery';

/**
 * A booking recovery's call against the embedded DynamoDB: the outreach worker asks, under its
 * claim and just before the call, whether the session was booked meanwhile.
 */
let dynamo: LocalDynamo;
let team: Team;

beforeAll(async () => {
  dynamo = await startEmulator();
  team = await recoveryTeam('ws_outreach_it', 'call');
});
afterAll(() => dynamo.stop());

class RecordingVoice implements VoiceProvider {
  readonly placed: OutboundCallRequest[] = [];
  async placeCall(request: OutboundCallRequest) {
    this.placed.push(request);
    return { providerCallId: `call-${this.placed.length}` };
  }
}

const workerDeps = (voice: VoiceProvider): PlaceCallDependencies => ({
  intake: recoveryIntake(),
  voice,
  maxRunMs: 60_000,
  bookedOnline: (lead) => recoverySessionBooked(recoverySessions(), lead),
});

/** A recovery call queued for a session left with a phone: the outreach message on the queue. */
async function queuedRecoveryCall(phone: string): Promise<{ ref: WidgetSessionRef; token: string; stlCallId: number }> {
  const { ref, token } = await leftSession(team, { phone });
  await dropOff(ref);
  const queue = new RecordingQueue();
  expect(
    await followUpRecovery(followDeps(new RecordingSms(), new RecordingScheduler(), queue), ref, delivery(), minutesAfter(41)),
  ).toEqual(['call_dispatched']);
  expect(queue.sent).toHaveLength(1);
  const stlCallId = (await recoverySessions().getSession(ref))?.extras.stl_call_id;
  if (typeof stlCallId !== 'number') throw new Error('no recovery call');
  return { ref, token, stlCallId };
}

describe('a recovery call and a booking racing it', () => {
  it('places nothing when the session is booked between the enqueue and the call, and records why', async () => {
    const phone = '+13125550180';
    const { token, stlCallId } = await queuedRecoveryCall(phone);
    // Booked, its effects (which would complete the call) not recorded yet: the worker alone stops the call.
    const booked = await bookWidgetSession(widgetDeps(), {
      token,
      issueType: 'Drain cleaning',
      ...SLOT,
      customer: { ...CUSTOMER, phone },
      honeypot: '',
      now: minutesAfter(42),
    });
    expect(booked.kind).toBe('booked');
    const voice = new RecordingVoice();
    expect(await placeOutreachCall(workerDeps(voice), { stl_call_id: stlCallId, attempt: 1 }, minutesAfter(43), delivery(7))).toBe(
      'skipped',
    );
    // A redelivery finds the attempt completed.
    expect(await placeOutreachCall(workerDeps(voice), { stl_call_id: stlCallId, attempt: 1 }, minutesAfter(44), delivery(8))).toBe(
      'skipped',
    );
    expect(voice.placed).toEqual([]);
    expect((await recoveryIntake().getLeadByStlCallId(stlCallId))?.outreach).toMatchObject({
      status: 'completed',
      outcome: 'booked',
      reason: 'booked online before the recovery call',
      completed_at: minutesAfter(43).toISOString(),
    });
  });

  it('places the call once when the session is still not booked', async () => {
    const { stlCallId } = await queuedRecoveryCall('+13125550181');
    const voice = new RecordingVoice();
    expect(await placeOutreachCall(workerDeps(voice), { stl_call_id: stlCallId, attempt: 1 }, minutesAfter(43), delivery(7))).toBe(
      'placed',
    );
    expect(await placeOutreachCall(workerDeps(voice), { stl_call_id: stlCallId, attempt: 1 }, minutesAfter(44), delivery(8))).toBe(
      'skipped',
    );
    expect(voice.placed.map((p) => p.customerNumber)).toEqual(['+13125550181']);
    expect((await recoveryIntake().getLeadByStlCallId(stlCallId))?.outreach).toMatchObject({
      status: 'in_progress',
      provider_call_id: 'call-1',
    });
  });

  it('answers not booked for a session still pending, and for a lead that is not a booking recovery’s', async () => {
    const { stlCallId } = await queuedRecoveryCall('+13125550182');
    const lead = await recoveryIntake().getLeadByStlCallId(stlCallId);
    if (!lead) throw new Error('no lead');
    expect(await recoverySessionBooked(recoverySessions(), lead)).toBe(false);
    expect(await recoverySessionBooked(recoverySessions(), { ...lead, lead_content: { ...lead.lead_content, recovery: false } })).toBe(
      false,
    );
  });
});
