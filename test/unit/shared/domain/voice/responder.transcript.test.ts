import fc from 'fast-check';
import type { NormalizedCall } from '#shared/domain/voice/call-report';
import { findAgreedTime, outsideHours, timeMentions, type WeeklyHours } from '#shared/domain/voice/requested-time';
import { RuleBasedResponder } from '#shared/domain/voice/responder';
import { callOfTranscript } from '../../../../support/call-fixture';
import { team } from '../../../../support/intake-fakes';

const NY = 'America/New_York';
/** Tuesday 2026-11-24 10:00 in New York. */
const CALL_TIME = new Date('2026-11-24T15:00:00Z');
const HOURS: WeeklyHours = {
  monday: { open: '08:00', close: '18:00' },
  tuesday: { open: '08:00', close: '18:00' },
  wednesday: { open: '08:00', close: '18:00' },
  thursday: { open: '08:00', close: '18:00' },
  friday: { open: '08:00', close: '18:00' },
  saturday: { open: '09:00', close: '14:00' },
  sunday: null,
};

const decide = (transcript: string, analysis: Partial<NormalizedCall['analysis']> = {}, hours: WeeklyHours | null = HOURS) =>
  new RuleBasedResponder().decide(callOfTranscript(transcript, analysis), team({ id: 1, timezone: NY }), CALL_TIME, { hours });

describe('the rule-based responder reading the transcript', () => {
  it('books the time the assistant confirms, quoting the words it rests on', async () => {
    const decision = await decide(
      'AI: Bayview Plumbing.\nCustomer: My faucet drips. Can someone come Friday?\nAI: Friday is full. Monday at 9?\nCustomer: OK.\nAI: Great, I have you down for Monday at 9 am.',
    );
    expect(decision.appointment).toMatchObject({ status: 'scheduled', scheduledFor: '2026-11-30T14:00:00.000Z' });
    expect(decision.decisions[0]?.evidence).toEqual(expect.arrayContaining(['Great, I have you down for Monday at 9 am.']));
  });

  it('asks staff to schedule a time outside the scheduler hours, and says why', async () => {
    const decision = await decide('Customer: Can you send an electrician tomorrow at 8 pm?');
    expect(decision.appointment).toMatchObject({ status: 'requested', scheduledFor: null, preferredDate: '2026-11-25' });
    expect(decision.appointment?.reason).toContain("outside the scheduler's hours");
  });

  it('books any time named when the team has no scheduler', async () => {
    const decision = await decide('Customer: Can you send an electrician tomorrow at 8 pm?', {}, null);
    expect(decision.appointment).toMatchObject({ status: 'scheduled', scheduledFor: '2026-11-26T01:00:00.000Z' });
  });

  it('moves a reschedule to the new time, not the old one', async () => {
    const decision = await decide(
      'Customer: I have an appointment tomorrow at 10 but I need to reschedule. Could we move it to Thursday at 2 pm?',
    );
    expect(decision.appointment).toMatchObject({ status: 'scheduled', scheduledFor: '2026-11-26T19:00:00.000Z' });
    expect(decision.appointment?.reason).toContain('reschedule');
  });

  it('opens a cancellation ticket and books nothing for a cancellation', async () => {
    const decision = await decide('Customer: Hi, I need to cancel my appointment for Thursday.');
    expect(decision.appointment).toBeNull();
    expect(decision.ticket).toMatchObject({ category: 'cancellation', priority: 'normal', subject: 'Appointment cancellation' });
  });

  it('treats a gas smell as an urgent emergency, and a denied one as none', async () => {
    expect((await decide('Customer: I smell gas in the basement, please send someone.')).ticket).toMatchObject({
      category: 'urgent_request',
      priority: 'urgent',
    });
    expect(
      (await decide("Customer: No, I don't smell gas. The pilot keeps going out, can you send someone tomorrow at 11 am?")).ticket,
    ).toBeNull();
  });

  it('treats no heat as an emergency only in freezing weather', async () => {
    expect((await decide("Customer: The furnace stopped working and it's 10 degrees outside.")).ticket?.priority).toBe('urgent');
    expect((await decide('Customer: The furnace stopped working, no rush, it is mild this week.')).ticket).toBeNull();
  });

  it('escalates a complaint that asks for a manager', async () => {
    const decision = await decide('Customer: I was overcharged on my invoice and I want to speak to a manager.');
    expect(decision.ticket).toMatchObject({ category: 'escalation', priority: 'high' });
  });

  it('reads a Spanish caller’s day and time', async () => {
    const decision = await decide('Customer: Hola, necesito un plomero. ¿Pueden venir mañana a las 3 de la tarde?');
    expect(decision.appointment).toMatchObject({ status: 'scheduled', scheduledFor: '2026-11-25T20:00:00.000Z' });
  });

  it('leaves a voicemail, a wrong number and a price question alone, saying which', async () => {
    for (const [transcript, reason] of [
      ['Customer: You have reached Sam, please leave a message after the beep.\nAI: Hi Sam, please call us back to book.', /voicemail/],
      ['Customer: Sorry, wrong number.', /wrong number/],
      ["Customer: How much do you charge for a drain cleaning?\nAI: $150.\nCustomer: OK, I'll call back.", /price inquiry/],
    ] as const) {
      const decision = await decide(transcript);
      expect(decision.appointment).toBeNull();
      expect(decision.ticket).toBeNull();
      expect(decision.decisions).toEqual([expect.objectContaining({ decision: 'no_action', reason: expect.stringMatching(reason) })]);
    }
  });

  it('never speaks against the analysis: a given urgency, sentiment or booking intent wins over the transcript', async () => {
    const flooding = 'Customer: A pipe burst and water is everywhere, I am not happy. Can you come tomorrow at 9 am?';
    const decision = await decide(flooding, { urgency: 'standard', sentiment: 'neutral', bookingIntent: false });
    expect(decision.appointment).toBeNull();
    expect(decision.ticket).toBeNull();
    expect((await decide(flooding)).ticket?.priority).toBe('urgent');
  });

  it('decides any transcript without throwing, and books only instants after the call', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (text) => {
        const decision = await decide(`Customer: ${text} can you come tomorrow at 9 am?`);
        for (const d of decision.decisions) expect(d.reason.length).toBeGreaterThan(0);
        const at = decision.appointment?.scheduledFor;
        if (at) expect(Date.parse(at)).toBeGreaterThan(CALL_TIME.getTime());
      }),
      { numRuns: 150 },
    );
  });
});

describe('times in a conversation', () => {
  it('reads an hour without am or pm from 1 to 6 as the afternoon, "after lunch" as 1 pm and a weekday with an ordinal day', () => {
    expect(timeMentions('Thursday at 2', NY, CALL_TIME)[0]?.at).toBe('2026-11-26T19:00:00.000Z');
    expect(timeMentions('next Tuesday after lunch', NY, CALL_TIME)[0]).toMatchObject({ at: '2026-12-01T18:00:00.000Z' });
    expect(timeMentions('Wednesday the 2nd at 3 pm', NY, CALL_TIME)[0]?.at).toBe('2026-12-02T20:00:00.000Z');
  });

  it('gives a part of the day no time', () => {
    expect(findAgreedTime('Can you come Monday morning?', null, NY, CALL_TIME)).toMatchObject({ at: null, date: '2026-11-30' });
  });

  it('names the closed day or the hours a time falls outside', () => {
    expect(outsideHours('2026-11-29T15:00:00.000Z', NY, HOURS)).toMatch(/closed on Sundays/);
    expect(outsideHours('2026-11-28T20:00:00.000Z', NY, HOURS)).toMatch(
      /15:00 is outside the scheduler's hours on saturday \(09:00–14:00\)/,
    );
    expect(outsideHours('2026-11-25T14:00:00.000Z', NY, HOURS)).toBeNull();
  });

  it('finds only days on or after the call, with instants after it, in any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.boolean(), (text, spanish) => {
        for (const m of timeMentions(text, NY, CALL_TIME, spanish)) {
          expect(m.date >= '2026-11-24').toBe(true);
          if (m.at) expect(Date.parse(m.at)).toBeGreaterThan(CALL_TIME.getTime());
        }
      }),
      { numRuns: 300 },
    );
  });

  it('books a visit asked for on behalf of a relative, and none on a note for a visit already booked', async () => {
    const forMom = await decide(
      "AI: Bayview Plumbing.\nCustomer: Hi, I'm calling for my mom, her sink is backing up. Can someone come to her place Saturday at 10?\nAI: Saturday at 10, booked.",
    );
    expect(forMom.appointment).toMatchObject({ status: 'scheduled' });
    const note = await decide(
      "AI: Bayview Plumbing.\nCustomer: For my visit tomorrow at 2, can the tech bring a new filter?\nAI: Sure, I've added that note. You're all set.",
    );
    expect(note.appointment).toBeNull();
  });

  it('reads damage by the worker, a claim nobody answered and a new time promised for a move', async () => {
    const tile = await decide(
      'AI: Bayview Plumbing.\nCustomer: The plumber broke a tile in my bathroom yesterday.\nAI: I will pass it on.',
    );
    expect(tile.ticket?.category).toBe('complaint');
    const claim = await decide(
      "AI: Bayview Plumbing.\nCustomer: I've called three times about my warranty claim and nobody has gotten back to me.\nAI: I will escalate it.",
    );
    expect(claim.ticket?.category).toBe('complaint');
    const moved = await decide(
      "AI: Bayview Plumbing.\nCustomer: I need to move tomorrow's appointment. Can you call me next week?\nAI: Sure, we'll call you Monday to set a new time.",
    );
    expect(moved.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
  });
});
