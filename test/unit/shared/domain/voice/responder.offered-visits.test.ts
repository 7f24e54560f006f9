import { RuleBasedResponder } from '#shared/domain/voice/responder';
import { callOfTranscript } from '../../../../support/call-fixture';
import { team } from '../../../../support/intake-fakes';

const DENVER = 'America/Denver';
/** Tuesday 2027-04-13 09:15 in Denver. */
const CALL_TIME = new Date('2027-04-13T15:15:00Z');
const at = (local: string) => new Date(`${local}-06:00`).toISOString();

const decide = (transcript: string) =>
  new RuleBasedResponder().decide(callOfTranscript(transcript), team({ id: 1, timezone: DENVER }), CALL_TIME, {});

describe('the responder on visits the assistant offers and times said of other things', () => {
  it('keeps the agreed time when the caller then asks the business hours, and moves it when the caller asks another day', async () => {
    const agreedThenHours = await decide(
      "AI: Summit Electric.\nCustomer: The breaker for my garage keeps tripping.\nAI: We can have an electrician there Friday at 3.\nCustomer: Friday at 3 works.\nAI: Great, you're set.\nCustomer: Also, what are your hours on Saturday?\nAI: We're open Saturday 9 to noon.\nCustomer: Good to know, thanks.",
    );
    expect(agreedThenHours.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-16T15:00:00') });
    const moved = await decide(
      "AI: Summit Electric.\nCustomer: The breaker for my garage keeps tripping.\nAI: We can have an electrician there Friday at 3.\nCustomer: Friday at 3 works.\nAI: Great, you're set.\nCustomer: Actually, could you come Monday instead?\nAI: Let me check with the scheduler and call you back.",
    );
    expect(moved.appointment).toMatchObject({ status: 'requested', scheduledFor: null, preferredDate: '2027-04-19' });
  });

  it('books no visit at the time a phone call is set for, and keeps the visit beside a call before it', async () => {
    const billing = await decide(
      'AI: Summit Heating.\nCustomer: I have a question about my invoice. Can someone from billing call me Thursday at 2?\nAI: Yes, our office manager will call you Thursday at 2.\nCustomer: Great, thanks.',
    );
    expect(billing.appointment).toBeNull();
    expect(billing.ticket).toBeNull();
    const visit = await decide(
      "AI: Summit Heating.\nCustomer: My furnace won't turn on.\nAI: I can have a tech there Thursday at 2, and he'll call you when he's on his way.\nCustomer: Perfect.",
    );
    expect(visit.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-15T14:00:00') });
  });

  it('reads "he\'ll call when he\'s on his way" as of the visit offered, and "he\'s on his way" as a visit already coming', async () => {
    const offered = await decide(
      "AI: Summit Plumbing.\nCustomer: The toilet keeps running.\nAI: I can have a plumber there Friday at 10, he'll text you once he's on his way.\nCustomer: Sounds good.",
    );
    expect(offered.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-16T10:00:00') });
    const coming = await decide(
      "AI: Summit Plumbing.\nCustomer: Is the plumber still coming today?\nAI: Yes, he's on his way, about 20 minutes out.\nCustomer: Okay, thanks.",
    );
    expect(coming.appointment).toBeNull();
  });
});
