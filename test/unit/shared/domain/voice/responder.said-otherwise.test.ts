import { RuleBasedResponder } from '#shared/domain/voice/responder';
import { callOfTranscript } from '../../../../support/call-fixture';
import { team } from '../../../../support/intake-fakes';

const CHICAGO = 'America/Chicago';
/** Wednesday 2027-04-21 09:40 in Chicago (CDT). */
const CALL_TIME = new Date('2027-04-21T14:40:00Z');
const at = (local: string) => new Date(`${local}-05:00`).toISOString();

const decide = (transcript: string) =>
  new RuleBasedResponder().decide(callOfTranscript(transcript), team({ id: 1, timezone: CHICAGO }), CALL_TIME, {});

/** Calls said as an accent, a speech recognizer or a hurried speaker says them (ADR 0201). */
describe('the responder reading days and hours as they were heard', () => {
  it('books a day spelled as it sounds, offered and taken', async () => {
    const decision = await decide(
      "AI: Lakeshore, how can I help?\nCustomer: The heat pump's blowin cold air.\nAI: I can have a tech out Wensday at 2. Does that work?\nCustomer: Yeah, Wensday's good.\nAI: Great, you're on the schedule.",
    );
    expect(decision.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-28T14:00:00') });
  });

  it('books an hour written as its homophone where an hour stands, and reads no hour in "at for" of nothing', async () => {
    const four = await decide(
      'agent: thanks for calling lakeshore\ncaller: hey we need a quote for a new garage door opener\nagent: i can have someone out friday at for does that work\ncaller: for is fine\nagent: perfect you are booked',
    );
    expect(four.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-23T16:00:00') });
    const none = await decide(
      'agent: thanks for calling lakeshore\ncaller: what is a new opener priced at for a two car door?\nagent: about four hundred installed\ncaller: ok thanks',
    );
    expect(none.appointment).toBeNull();
  });

  it('reads "a m" apart as the morning, not as a minute from now, and minutes written apart', async () => {
    const morning = await decide(
      'agent: lakeshore home services\ncaller: hey can someone come fix the fence gate tomorrow at nine a m\nagent: nine a m tomorrow works, you are booked',
    );
    expect(morning.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-22T09:00:00') });
    const apart = await decide(
      'AI: Lakeshore Home Services, how can I help?\nCustomer: I want someone to check the attic fan. friday 10 30 would be good if you can\nAI: You got it, you are booked.',
    );
    expect(apart.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-23T10:30:00') });
  });

  it('reads through fillers inside a time, and keeps a time not given as requested', async () => {
    const filled = await decide(
      'AI: Thanks for calling Lakeshore.\nCustomer: Hi, um, the kitchen light switch feels loose. Could she come tomorrow at, um, uh, ten?\nAI: Yep, that works. You are all set.',
    );
    expect(filled.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-22T10:00:00') });
    const unsaid = await decide(
      'AI: Thanks for calling Lakeshore.\nCustomer: Hi, um, the kitchen light switch feels loose. Can someone come look at it tomorrow, um, uh, sometime in the morning?\nAI: Yep, you are all set for tomorrow morning.',
    );
    expect(unsaid.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
  });
});

describe('the responder reading upset said of something else', () => {
  it('opens no complaint for the traffic being awful, and opens one for the work being awful', async () => {
    const traffic = await decide(
      "AI: I have Monday at 9.\nCustomer: Could he come an hour later than that? Traffic's awful at 9.\nAI: Sure, we can do that. You're booked.",
    );
    expect(traffic.ticket).toBeNull();
    expect(traffic.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-26T10:00:00') });
    const work = await decide(
      "AI: Lakeshore, how can I help?\nCustomer: Your plumber was here Monday and the job was awful, it's leaking again.\nAI: I'm so sorry about that.",
    );
    expect(work.ticket).toMatchObject({ category: 'complaint' });
  });
});

describe('the responder reading a visit weighed', () => {
  it('books nothing when the caller asks to let the business know, and keeps a visit put off with a call back', async () => {
    const weighed = await decide(
      "AI: Thanks for calling Lakeshore.\nCustomer: I need someone to fix my bathroom sink, it won't drain.\nAI: I have Tuesday at 10.\nCustomer: Uh, maybe? I'm not sure, can I let you know?\nAI: Of course.",
    );
    expect(weighed.appointment).toBeNull();
    const putOff = await decide(
      "AI: Thanks for calling Lakeshore.\nCustomer: I need someone to fix my bathroom sink, it won't drain.\nAI: I have Tuesday at 10.\nCustomer: Let me check with my wife and call you back.\nAI: Of course.",
    );
    expect(putOff.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
  });
});
