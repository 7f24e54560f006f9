import type { NormalizedCall } from '#shared/domain/voice/call-report';
import { RuleBasedResponder } from '#shared/domain/voice/responder';
import { transcriptTurns } from '#shared/domain/voice/transcript-turns';
import { team } from '../../../../support/intake-fakes';

const CHICAGO = 'America/Chicago';
/** Tuesday 2027-01-12 09:30 in Chicago. */
const CALL_TIME = new Date('2027-01-12T15:30:00Z');
const at = (local: string) => new Date(`${local}-06:00`).toISOString();

function callOf(transcript: string): NormalizedCall {
  return {
    providerCallId: 'c',
    type: 'inboundPhoneCall',
    customerNumber: null,
    customerName: null,
    durationSeconds: 60,
    transcript,
    turns: transcriptTurns(null, transcript),
    summary: null,
    recordingUrl: null,
    analysis: { callReason: null, sentiment: null, bookingIntent: null, urgency: null },
    analysisRaw: null,
    warnings: [],
    endedReason: null,
    destination: null,
    startedAt: null,
    endedAt: null,
    cost: null,
    metadata: {},
  };
}

const decide = (transcript: string) =>
  new RuleBasedResponder().decide(callOf(transcript), team({ id: 1, timezone: CHICAGO }), CALL_TIME, {});

describe('the responder on what the caller says in their own words', () => {
  it('books nothing new for a booking already made, told in the first person, and books one asked for', async () => {
    const made = [
      "AI: Prairie Plumbing.\nCustomer: I'm scheduled for Thursday at 2. Can the tech call before he comes?\nAI: Yes, you're all set for Thursday at 2.",
      'AI: Lakeview Heating.\nCustomer: I booked online for Friday at 10 and forgot the gate code.\nAI: Added to your Friday at 10 visit. You are all set.',
      'AI: Summit Plumbing.\nCustomer: You guys have me down for tomorrow at 9, right?\nAI: Yes, tomorrow at 9 is confirmed.',
      'AI: Northside Heating.\nCustomer: Can you tell me what time the tech is coming tomorrow?\nAI: He is booked for 1 pm tomorrow.\nCustomer: Okay.',
    ];
    for (const transcript of made) expect((await decide(transcript)).appointment).toBeNull();
    const asked = await decide(
      "AI: Prairie Plumbing.\nCustomer: I'd like to get scheduled for a water heater flush, Thursday at 2 if you have it.\nAI: Yes, you're all set for Thursday at 2.",
    );
    expect(asked.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-01-14T14:00:00') });
  });

  it('books no meeting a sales caller asks for', async () => {
    const decision = await decide(
      'AI: Volt Electric.\nCustomer: This is Kyle with BrightPath, we get home service companies more booked jobs. Could we set up a fifteen minute demo Thursday at 2?\nAI: Thursday at 2 noted.\nCustomer: Great.',
    );
    expect(decision.appointment).toBeNull();
    expect(decision.ticket).toBeNull();
  });

  it('reads "please don\'t come" as a cancellation, and "don\'t come before 10" as none', async () => {
    const cancel = await decide(
      "AI: Volt Electric.\nCustomer: The breaker issue went away, so please don't come tomorrow.\nAI: Understood, I've canceled tomorrow's visit.",
    );
    expect(cancel.appointment).toBeNull();
    expect(cancel.ticket).toMatchObject({ category: 'cancellation' });
    const constraint = await decide(
      "AI: Volt Electric.\nCustomer: My outlet sparks sometimes, can someone come tomorrow? Please don't come before 10.\nAI: Tomorrow at 11, you're booked.",
    );
    expect(constraint.ticket?.category ?? null).not.toBe('cancellation');
    expect(constraint.appointment).toMatchObject({ scheduledFor: at('2027-01-13T11:00:00') });
  });

  it('reads a refusal to pay a bill as a complaint, and a question how to pay it as none', async () => {
    const refused = await decide(
      "AI: Northside Heating.\nCustomer: I got a bill for three hundred dollars for a ten minute visit and I'm not paying that.\nAI: I'll have billing review it.",
    );
    expect(refused.ticket).toMatchObject({ category: 'complaint' });
    const question = await decide(
      'AI: Northside Heating.\nCustomer: I got a bill for three hundred dollars. Can I pay it over the phone?\nAI: Yes.',
    );
    expect(question.ticket).toBeNull();
  });

  it('books the hour the caller asked for instead of the one offered, and the one offered when taken', async () => {
    const counter = await decide(
      'AI: Volt Electric.\nCustomer: I need a dryer outlet put in.\nAI: I have Thursday at 8.\nCustomer: Could you do 11 instead?\nAI: 11 works, see you Thursday.',
    );
    expect(counter.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-01-14T11:00:00') });
    const taken = await decide(
      'AI: Volt Electric.\nCustomer: I need a dryer outlet put in.\nAI: I have Thursday at 8.\nCustomer: Thursday at 8 is fine.\nAI: See you Thursday.',
    );
    expect(taken.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-01-14T08:00:00') });
  });
});
