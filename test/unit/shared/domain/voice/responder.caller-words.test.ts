import { RuleBasedResponder } from '#shared/domain/voice/responder';
import { callOfTranscript } from '../../../../support/call-fixture';
import { team } from '../../../../support/intake-fakes';

const CHICAGO = 'America/Chicago';
/** Tuesday 2027-01-12 09:30 in Chicago. */
const CALL_TIME = new Date('2027-01-12T15:30:00Z');
const at = (local: string) => new Date(`${local}-06:00`).toISOString();

const decide = (transcript: string) =>
  new RuleBasedResponder().decide(callOfTranscript(transcript), team({ id: 1, timezone: CHICAGO }), CALL_TIME, {});

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

  it('reads a call back promised and never made as a complaint, and one only asked after as none', async () => {
    const broken = await decide(
      "AI: Lakeview Heating.\nCustomer: I was told someone would call me with a quote for the new furnace and no one did.\nAI: I'm sorry, let me get that to the advisor now.",
    );
    expect(broken.ticket).toMatchObject({ category: 'complaint' });
    const asked = await decide(
      'AI: Lakeview Heating.\nCustomer: I was told someone would call me with a quote for the new furnace. When should I expect it?\nAI: Within two business days.',
    );
    expect(asked.ticket).toBeNull();
  });

  it('reads an appointment held off or not needed as a cancellation', async () => {
    for (const said of [
      "We're going to hold off on Thursday's appointment for now.",
      "We decided not to do it, so Friday's visit isn't needed.",
    ]) {
      const decision = await decide(`AI: Prairie Plumbing.\nCustomer: ${said}\nAI: Okay, it's off the schedule.`);
      expect(decision.ticket).toMatchObject({ category: 'cancellation' });
      expect(decision.appointment).toBeNull();
    }
  });

  it('reads a cancellation whose new time is put off as a cancellation, and a reschedule done now as a visit', async () => {
    const later = await decide(
      "AI: Prairie Plumbing.\nCustomer: I have to cancel my appointment, something came up. I'll call back to reschedule.\nAI: Okay, it's canceled.",
    );
    expect(later.appointment).toBeNull();
    expect(later.ticket).toMatchObject({ category: 'cancellation' });
    const now = await decide(
      'AI: Prairie Plumbing.\nCustomer: I have to reschedule my appointment, something came up. Do you have Monday?\nAI: Monday at 10.\nCustomer: Monday at 10 works.',
    );
    expect(now.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-01-18T10:00:00') });
    expect(now.ticket).toBeNull();
  });

  it('reads dirt a worker tracked in and work not even done as complaints, and an inch of water as flooding', async () => {
    const tracked = await decide(
      "AI: Lakeview Heating.\nCustomer: Your tech tracked snow and salt all over my new carpet.\nAI: I'm so sorry.",
    );
    expect(tracked.ticket).toMatchObject({ category: 'complaint' });
    const undone = await decide(
      "AI: Lakeview Heating.\nCustomer: Your technician was on his phone the whole time and didn't even fix it.\nAI: I'm sorry.",
    );
    expect(undone.ticket).toMatchObject({ category: 'complaint' });
    const inch = await decide(
      "AI: Prairie Plumbing.\nCustomer: The basement is taking on water from the storm, there's about an inch on the floor.\nAI: We'll send someone.",
    );
    expect(inch.ticket).toMatchObject({ category: 'urgent_request', priority: 'urgent' });
  });
});

describe('the responder booking nothing nobody asked for', () => {
  it('books no time a caller defers or only prices, and books one a price shopper takes', async () => {
    const offer =
      'AI: Prairie Plumbing.\nCustomer: How much is a drain cleaning?\nAI: It is 149. I have an opening tomorrow at 10 if you would like.';
    for (const answer of ["Okay, thanks, I'm just getting prices right now.", "Sure, maybe later though, I'll let you know."])
      expect((await decide(`${offer}\nCustomer: ${answer}`)).appointment).toBeNull();
    const taken = await decide(`${offer}\nCustomer: Okay, tomorrow at 10 works.`);
    expect(taken.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-01-13T10:00:00') });
  });

  it('books nothing on a reminder of a booking already made, a visit already coming, opening hours or a job seeker', async () => {
    const calls = [
      'AI: Lakeview Heating.\nCustomer: I am returning a call from your office.\nAI: We were calling to remind you of your tune-up tomorrow at 9. Does that still work?\nCustomer: Yes, that works.',
      "AI: Volt Electric.\nCustomer: My tech is coming Thursday. Can he also look at the doorbell while he's here?\nAI: Sure, I've added it.",
      "AI: Volt Electric.\nCustomer: Are you open on Monday, it's a holiday?\nAI: Yes, we're open Monday 8 to 5.\nCustomer: Great.",
      'AI: Prairie Plumbing.\nCustomer: Is this the number to apply for the plumber job?\nAI: Yes. Interviews are Thursday at 2.\nCustomer: Great, thank you.',
    ];
    for (const transcript of calls) expect((await decide(transcript)).appointment).toBeNull();
  });

  it('reads a time said right after a verb of the past as when the work was done, not a visit asked for', async () => {
    const copy = await decide(
      "AI: Summit Plumbing.\nCustomer: Can I get a copy of the warranty for the water heater you installed Friday at 2?\nAI: Sure, I'll email it now. You're all set.",
    );
    expect(copy.appointment).toBeNull();
    const ask = await decide("AI: Summit Plumbing.\nCustomer: Can you install a water heater Friday at 2?\nAI: Sure, you're all set.");
    expect(ask.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-01-15T14:00:00') });
  });
});

describe('the responder on an assistant acting itself and a caller weighing a price', () => {
  it('books no day the assistant says it will email something', async () => {
    const decision = await decide(
      "AI: Prairie Plumbing.\nCustomer: Can you send me your W-9 and certificate of insurance?\nAI: Sure, I'll email both today. You're all set.",
    );
    expect(decision.appointment).toBeNull();
  });

  it('opens no complaint on a warranty asked after', async () => {
    const decision = await decide(
      'AI: Lakeview Heating.\nCustomer: I want to know if my furnace is still under warranty, you installed it in 2022.\nAI: Yes, it is covered.',
    );
    expect(decision.ticket).toBeNull();
  });

  it('takes no time on an "okay" beside a price question, and takes it when the caller says so after the price', async () => {
    const start = 'AI: Volt Electric.\nCustomer: How soon could someone come for a panel upgrade?\nAI: Earliest is Monday at 8.';
    const weighed = await decide(
      `${start}\nCustomer: Okay. And how much is that usually?\nAI: Between 2000 and 3000.\nCustomer: Wow, okay, that's more than I thought. I'll have to save up.`,
    );
    expect(weighed.appointment).toBeNull();
    const taken = await decide(
      `${start}\nCustomer: And how much is that usually?\nAI: Between 2000 and 3000.\nCustomer: Okay, Monday at 8 is fine, let's do it.`,
    );
    expect(taken.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-01-18T08:00:00') });
  });
});
