import type { NormalizedCall } from '#shared/domain/voice/call-report';
import { findRequestedTime } from '#shared/domain/voice/requested-time';
import { RuleBasedResponder } from '#shared/domain/voice/responder';
import { team } from '../../../../support/intake-fakes';

const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);

describe('findRequestedTime', () => {
  it('reads "tomorrow at 11 pm" in the team’s zone', () => {
    // Tuesday 2026-11-24 10:00 EST → Wednesday 23:00 EST = Thursday 04:00Z
    expect(findRequestedTime('Can you come tomorrow at 11 pm?', NY, at('2026-11-24T15:00:00Z'))).toEqual({
      at: '2026-11-26T04:00:00.000Z',
      date: '2026-11-25',
      phrase: 'tomorrow at 11 pm',
    });
  });

  it('reads "tomorrow" from the local date when the call is at 22:30 local (already the next day in UTC)', () => {
    // Tuesday 2026-11-24 22:30 EST is Wednesday 03:30Z; tomorrow is still Wednesday the 25th locally.
    expect(findRequestedTime('Can you come tomorrow at 11 pm?', NY, at('2026-11-25T03:30:00Z'))).toEqual({
      at: '2026-11-26T04:00:00.000Z',
      date: '2026-11-25',
      phrase: 'tomorrow at 11 pm',
    });
  });

  it('uses the offset of the day asked for across the spring-forward change', () => {
    // Saturday 2026-03-07 10:00 EST → Sunday 03-08 23:00 EDT (UTC-4) = Monday 03:00Z
    expect(findRequestedTime('tomorrow at 11 pm please', NY, at('2026-03-07T15:00:00Z'))?.at).toBe('2026-03-09T03:00:00.000Z');
    // Saturday 22:30 EST (03:30Z Sunday) → the same Sunday 23:00 EDT
    expect(findRequestedTime('tomorrow at 11 pm please', NY, at('2026-03-08T03:30:00Z'))).toMatchObject({
      at: '2026-03-09T03:00:00.000Z',
      date: '2026-03-08',
    });
    // On the change day itself, 22:30 EDT (02:30Z Monday) → Monday 23:00 EDT
    expect(findRequestedTime('tomorrow at 11 pm please', NY, at('2026-03-09T02:30:00Z'))).toMatchObject({
      at: '2026-03-10T03:00:00.000Z',
      date: '2026-03-09',
    });
  });

  it('moves a time in the skipped hour of the spring-forward day to the first valid instant', () => {
    // 2026-03-08 02:30 does not exist in New York; 03:30 EDT = 07:30Z
    expect(findRequestedTime('tomorrow at 2:30 am', NY, at('2026-03-07T15:00:00Z'))?.at).toBe('2026-03-08T07:30:00.000Z');
  });

  it('uses the offset of the day asked for across the fall-back change', () => {
    // Saturday 2026-10-31 10:00 EDT → Sunday 11-01 23:00 EST (UTC-5) = Monday 04:00Z
    expect(findRequestedTime('tomorrow at 11 pm please', NY, at('2026-10-31T14:00:00Z'))?.at).toBe('2026-11-02T04:00:00.000Z');
    // Saturday 22:30 EDT (02:30Z Sunday) → the same Sunday 23:00 EST
    expect(findRequestedTime('tomorrow at 11 pm please', NY, at('2026-11-01T02:30:00Z'))).toMatchObject({
      at: '2026-11-02T04:00:00.000Z',
      date: '2026-11-01',
    });
    // On the change day itself, 22:30 EST (03:30Z Monday) → Monday 23:00 EST
    expect(findRequestedTime('tomorrow at 11 pm please', NY, at('2026-11-02T03:30:00Z'))?.at).toBe('2026-11-03T04:00:00.000Z');
  });

  it('gives only the date for a day without a time', () => {
    expect(findRequestedTime('Could someone come on Friday?', NY, at('2026-11-24T15:00:00Z'))).toEqual({
      at: null,
      date: '2026-11-27',
      phrase: 'on Friday',
    });
    expect(findRequestedTime('tomorrow works for me', NY, at('2026-11-25T03:30:00Z'))).toMatchObject({ at: null, date: '2026-11-25' });
  });

  it('skips phrases in the past and takes the first one after the call', () => {
    expect(findRequestedTime('yesterday at 3 pm was bad, tomorrow at 9 am is good', NY, at('2026-11-24T15:00:00Z'))?.phrase).toBe(
      'tomorrow at 9 am',
    );
    expect(findRequestedTime('today at 9 am', NY, at('2026-11-24T15:00:00Z'))).toBeNull();
  });

  it('finds nothing when no day is named', () => {
    expect(findRequestedTime('at 11 pm', NY, at('2026-11-24T15:00:00Z'))).toBeNull();
    expect(findRequestedTime('My heater is broken.', NY, at('2026-11-24T15:00:00Z'))).toBeNull();
  });
});

function call(
  overrides: Partial<Omit<NormalizedCall, 'analysis'>> & { analysis?: Partial<NormalizedCall['analysis']> } = {},
): NormalizedCall {
  const { analysis, ...rest } = overrides;
  return {
    providerCallId: 'call_1',
    type: 'inboundPhoneCall',
    customerNumber: '+14155550134',
    customerName: 'Dana Whitfield',
    durationSeconds: 120,
    transcript: '',
    turns: [],
    destination: null,
    summary: 'Customer called',
    recordingUrl: null,
    endedReason: 'customer-ended-call',
    startedAt: null,
    endedAt: null,
    cost: null,
    metadata: {},
    analysisRaw: null,
    warnings: [],
    ...rest,
    analysis: { callReason: null, sentiment: 'neutral', bookingIntent: false, urgency: 'standard', ...analysis },
  };
}

describe('RuleBasedResponder', () => {
  const responder = new RuleBasedResponder();
  const newYork = team({ id: 1, timezone: NY });
  const callTime = at('2026-11-24T15:00:00Z');
  const decide = (c: NormalizedCall) => responder.decide(c, newYork, callTime);

  it('schedules an appointment at the time the transcript names when the caller wants to book', async () => {
    const decision = await decide(
      call({ transcript: 'Customer: can you come tomorrow at 11 pm?', analysis: { bookingIntent: true, callReason: 'Heater repair' } }),
    );
    expect(decision.appointment).toEqual({
      status: 'scheduled',
      scheduledFor: '2026-11-26T04:00:00.000Z',
      preferredDate: '2026-11-25',
      service: 'Heater repair',
      urgency: 'standard',
      reason: expect.stringContaining('"tomorrow at 11 pm"'),
    });
    expect(decision.ticket).toBeNull();
    expect(decision.decisions.map((d) => d.decision)).toEqual(['appointment']);
  });

  it('requests an appointment with the preferred day when only a day is named', async () => {
    const decision = await decide(call({ transcript: 'Customer: Friday would be best.', analysis: { bookingIntent: true } }));
    expect(decision.appointment).toMatchObject({ status: 'requested', scheduledFor: null, preferredDate: '2026-11-27' });
    expect(decision.appointment?.reason).toContain('no time');
  });

  it('requests an appointment without a date when no time is named', async () => {
    const decision = await decide(call({ transcript: 'Customer: please send someone.', analysis: { bookingIntent: true } }));
    expect(decision.appointment).toMatchObject({ status: 'requested', scheduledFor: null, preferredDate: null });
  });

  it.each([
    ['emergency urgency', { urgency: 'emergency' }, 'urgent', 'urgent_request'],
    ['urgent urgency', { urgency: 'urgent' }, 'high', 'urgent_request'],
    ['high urgency', { urgency: 'high' }, 'high', 'urgent_request'],
    ['an escalation', { callReason: 'Wants to speak to a manager' }, 'high', 'escalation'],
    ['a complaint', { callReason: 'Complaint about the invoice' }, 'normal', 'complaint'],
    ['a refund request', { callReason: 'Refund for a missed visit' }, 'normal', 'complaint'],
    ['negative sentiment', { sentiment: 'negative' }, 'normal', 'negative_experience'],
    ['frustrated sentiment', { sentiment: 'Frustrated' }, 'normal', 'negative_experience'],
  ] as const)('opens a ticket for %s', async (_, analysis, priority, category) => {
    const decision = await decide(call({ analysis }));
    expect(decision.ticket).toMatchObject({ priority, category, subject: 'Customer called' });
    expect(decision.decisions).toEqual([{ decision: 'ticket', reason: expect.any(String) }]);
  });

  it('gives the highest priority and every reason when several rules apply', async () => {
    const decision = await decide(
      call({ analysis: { urgency: 'emergency', sentiment: 'angry', callReason: 'Complaint, wants a supervisor' } }),
    );
    expect(decision.ticket).toMatchObject({ priority: 'urgent', category: 'urgent_request' });
    expect(decision.ticket?.reason).toContain('urgency "emergency" is above standard');
    expect(decision.ticket?.reason).toContain('sentiment "angry" is negative');
    expect(decision.ticket?.reason).toContain('is a complaint');
    expect(decision.ticket?.reason).toContain('asks for escalation');
  });

  it.each(['standard', 'low', null] as const)('opens no ticket for urgency %s', async (urgency) => {
    const decision = await decide(call({ analysis: { urgency } }));
    expect(decision.ticket).toBeNull();
  });

  it('books and opens a ticket for the same call when both apply', async () => {
    const decision = await decide(
      call({ transcript: 'Customer: come tomorrow at 9 am, it is flooding', analysis: { bookingIntent: true, urgency: 'emergency' } }),
    );
    expect(decision.appointment).toMatchObject({ status: 'scheduled', urgency: 'emergency' });
    expect(decision.ticket).toMatchObject({ priority: 'urgent' });
    expect(decision.decisions.map((d) => d.decision)).toEqual(['appointment', 'ticket']);
  });

  it('takes no action on an ordinary call, and says why', async () => {
    const decision = await decide(call());
    expect(decision).toEqual({
      appointment: null,
      ticket: null,
      decisions: [{ decision: 'no_action', reason: expect.stringContaining('no booking intent') }],
    });
  });

  it('uses the call reason as the ticket subject when there is no summary', async () => {
    const decision = await decide(call({ summary: null, analysis: { callReason: 'Complaint about noise' } }));
    expect(decision.ticket?.subject).toBe('Complaint about noise');
  });
});
