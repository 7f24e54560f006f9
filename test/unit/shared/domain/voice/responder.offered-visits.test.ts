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

describe('the responder on offers taken and visits stated in other words', () => {
  const offered = (answer: string) =>
    decide(
      `AI: Summit Plumbing.\nCustomer: The garbage disposal just hums.\nAI: I can have a plumber there Thursday at 10.\nCustomer: ${answer}`,
    );

  it('takes an offer answered in any words of assent', async () => {
    for (const answer of [
      "That'll work.",
      'That would work.',
      'Absolutely.',
      'Go ahead.',
      'Sign me up.',
      "I'll be home.",
      'See you then.',
      'Deal.',
      'Lovely.',
      "That's good.",
      'alrighty',
      'ya',
      'Ándale pues, muchas gracias.',
      'Sounds like a plan.',
      "That'll do.",
      'Count me in.',
      'You bet.',
      'Please do.',
      'No problem, thanks.',
      "I'm good with that.",
      'Bueno, gracias.',
      'okey',
      'Do it.',
      "I'm free then.",
      'Certainly.',
      'Brilliant, cheers.',
      'Please.',
    ])
      expect((await offered(answer)).appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-15T10:00:00') });
  });

  it('takes nothing from a refusal or a condition said in words close to assent', async () => {
    for (const answer of [
      'Absolutely not, that is way too far out.',
      "I'll be home after 5 though.",
      'No, gracias, ya lo arregló mi hijo.',
      "No problem, I'll call back once I talk to my wife.",
      "Oh, we're all good now, it started working again.",
      "It's good now, it fixed itself.",
      "Nah, I'll just do it myself.",
      'Certainly not.',
    ])
      expect((await offered(answer)).appointment?.status).not.toBe('scheduled');
  });

  it("agrees to the caller's time when the assistant's first reply is any plain assent, not a check", async () => {
    const asked = (reply: string) =>
      decide(`AI: Summit Electric.\nCustomer: The porch light hangs loose, Friday at 10 if you can.\nAI: ${reply}\nCustomer: Thanks.`);
    for (const reply of ['You got it.', 'Will do.', 'Sure thing.', 'That works.', "That's fine.", 'Okay.', 'Alright.'])
      expect((await asked(reply)).appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-16T10:00:00') });
    expect((await asked('Sure, let me check what we have.')).appointment?.status).not.toBe('scheduled');
    expect((await asked('Okay, let me look at the board.')).appointment?.status).not.toBe('scheduled');
    const fact = await decide(
      'AI: Summit Electric.\nCustomer: The porch light hangs loose. I work Friday at 10 though.\nAI: Okay.\nCustomer: Thanks.',
    );
    expect(fact.appointment?.status).not.toBe('scheduled');
    const techs = await decide(
      'AI: Summit Electric.\nCustomer: The porch light hangs loose, can someone look Friday?\nAI: We have 2 techs out Friday, the dispatcher will call you.\nCustomer: Great.',
    );
    expect(techs.appointment?.scheduledFor ?? null).toBeNull();
  });

  it('reads the assistant stating the visit at a time as its confirmation, and a reminder stated so as none', async () => {
    for (const statement of [
      "I'll have Mike there Thursday at 10.",
      'A tech will be out Thursday at 10.',
      "We'll plan on Thursday at 10 then.",
    ])
      expect(
        (await decide(`AI: Summit Heating.\nCustomer: The furnace bangs when it starts.\nAI: ${statement}\nCustomer: Thank you.`))
          .appointment,
      ).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-15T10:00:00') });
    const reminder = await decide(
      'AI: Hi, this is Summit Heating with a quick reminder: a tech will be out Friday at 9 for your tune-up.\nCustomer: Thanks.',
    );
    expect(reminder.appointment).toBeNull();
  });

  it("reads the assistant's summary of a new booking as its confirmation, and of one already made as none", async () => {
    const summary = await decide(
      'AI: Summit Plumbing.\nCustomer: The water heater leaks. Can someone come Thursday at 10?\nAI: Let me check the board.\nAI: Okay, your appointment is set for Thursday at 10.\nCustomer: Thanks.',
    );
    expect(summary.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-15T10:00:00') });
    const stillOn = await decide(
      'AI: Summit Plumbing.\nCustomer: I wanted to double check on my appointment.\nAI: Your appointment is still on for Thursday at 10.\nCustomer: Thanks.',
    );
    expect(stillOn.appointment).toBeNull();
  });

  it('books nothing when the caller leaves the work for someone else, and keeps a visit whose time is put off', async () => {
    const elsewhere = await decide(
      "AI: Summit Plumbing.\nCustomer: My toilet is clogged. Can someone come Thursday at 10?\nAI: Thursday is full, the earliest is Monday at 9.\nCustomer: That's too long, thanks anyway, I'll find someone else.",
    );
    expect(elsewhere.appointment).toBeNull();
    const putOff = await decide(
      'AI: Summit Plumbing.\nCustomer: My toilet is clogged. Can someone come Thursday at 10?\nAI: Thursday is full, the earliest is Monday at 9.\nCustomer: Let me check with my wife and call you back.',
    );
    expect(putOff.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
    const fixedBefore = await decide(
      'AI: Summit Plumbing.\nCustomer: You already fixed the sink last month, now the toilet runs. Can someone come Thursday at 10?\nAI: Yes, Thursday at 10 works.\nCustomer: Thanks.',
    );
    expect(fixedBefore.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-15T10:00:00') });
  });

  it('reads "the scheduler will call you with other times" as a visit promised, and a call with a total as none', async () => {
    const promised = await decide(
      "AI: Summit Plumbing.\nCustomer: The water heater pilot keeps going out.\nAI: I can have someone there Friday at 9.\nCustomer: That won't work, I'm away.\nAI: No problem, I'll have the scheduler call you with other times.",
    );
    expect(promised.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
    const total = await decide("AI: Summit Plumbing.\nCustomer: What did the repair last week come to?\nAI: I'll call you with the total.");
    expect(total.appointment).toBeNull();
  });

  it('reads "let\'s do" a time as the assistant settling it, and "let\'s do a call" as no visit', async () => {
    const lets = (line: string) =>
      decide(`AI: Summit Heating.\nCustomer: Our furnace needs its yearly check.\nAI: ${line}\nCustomer: Thanks.`);
    expect((await lets("Let's do Thursday at 10.")).appointment).toMatchObject({
      status: 'scheduled',
      scheduledFor: at('2027-04-15T10:00:00'),
    });
    expect((await lets("Let's do a call Thursday at 10 to talk it over.")).appointment?.status).not.toBe('scheduled');
  });

  it('books nothing new when the assistant says a visit is still on, and takes an offer made after a slot taken', async () => {
    const stillOn = await decide(
      "AI: Summit Electric.\nCustomer: Just making sure my electrician is still coming Friday at 10.\nAI: You bet, he's still on for Friday at 10.\nCustomer: Great, thanks.",
    );
    expect(stillOn.appointment).toBeNull();
    const afterTaken = await decide(
      'AI: Summit Plumbing.\nCustomer: The shower head leaks. Can someone come Thursday at 10?\nAI: Okay. Actually Thursday at 10 is taken, I have Thursday at 1.\nCustomer: 1 works.',
    );
    expect(afterTaken.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-15T13:00:00') });
  });
});

describe('the responder on times said around a visit already agreed', () => {
  const agreedThen = (after: string) =>
    decide(`AI: Summit Plumbing.\nCustomer: The kitchen faucet sprays sideways.\nAI: I can have a plumber there Thursday at 10.\n${after}`);

  it('keeps the agreed time when the caller or the assistant then names a limit, a call ahead or another errand', async () => {
    for (const after of [
      'Customer: Yes. Will he be done by noon? I have to leave at 1.\nAI: He should be done by noon.\nCustomer: Great.',
      'Customer: Sure. Heads up, the dog walker comes at 2.\nAI: Thanks for letting us know.',
      'Customer: Thursday at 10 is fine. Can he call me around 9:30 before he heads over?\nAI: Sure, he will call you around 9:30.',
      'Customer: Works. I am on lunch from noon to 1.\nAI: Noted.',
      'Customer: Sí, está bien, estoy en casa hasta las tres.',
    ])
      expect((await agreedThen(after)).appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-15T10:00:00') });
  });

  it('moves the agreed time when the caller asks another hour and the assistant takes it, not when it declines it', async () => {
    const moved = await agreedThen('Customer: Okay. Actually, can he come at 1 instead?\nAI: Sure, 1 works.\nCustomer: Great.');
    expect(moved.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-15T13:00:00') });
    const better = await agreedThen('Customer: Okay. Thursday at 2 would be better for me.\nAI: Sure, Thursday at 2 then.');
    expect(better.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-15T14:00:00') });
    const declined = await agreedThen(
      "Customer: Okay. Could he come at 1 instead?\nAI: Sorry, 1 is taken, so we'll keep 10.\nCustomer: Fine.",
    );
    expect(declined.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-15T10:00:00') });
  });

  it('takes an offer picked by its bare hour with a limit beside it', async () => {
    const picked = await decide(
      "AI: Summit Appliance.\nCustomer: The dryer vent is clogged.\nAI: I have Thursday at 9 or Thursday at 1.\nCustomer: The 9, as long as he's out before 3.\nAI: No problem, Thursday at 9.",
    );
    expect(picked.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-04-15T09:00:00') });
  });
});
