import { RuleBasedResponder } from '#shared/domain/voice/responder';
import { callOfTranscript } from '../../../../support/call-fixture';
import { team } from '../../../../support/intake-fakes';

const NY = 'America/New_York';
/** Tuesday 2026-11-24 10:00 in New York. */
const CALL_TIME = new Date('2026-11-24T15:00:00Z');

const decide = (transcript: string) =>
  new RuleBasedResponder().decide(callOfTranscript(transcript), team({ id: 1, timezone: NY }), CALL_TIME, {});

describe('the responder deciding from meaning rather than phrasings', () => {
  it('books a time both sides took even when no visit phrase was said, quoting the turns', async () => {
    const decision = await decide(
      'AI: Bayview Plumbing. I have Thursday at 9 or Friday at 1.\nCustomer: The Friday one.\nAI: Booked, thank you.',
    );
    expect(decision.appointment).toMatchObject({ status: 'scheduled', scheduledFor: '2026-11-27T18:00:00.000Z' });
    expect(decision.decisions[0]?.evidence).toEqual(['I have Thursday at 9 or Friday at 1.', 'The Friday one.', 'Booked, thank you.']);
  });

  it('books nothing for a time the customer turned down', async () => {
    const decision = await decide(
      'AI: Peak Electric. I could send someone Thursday at 2 for a quote.\nCustomer: No, Thursday does not work. I will call back.',
    );
    expect(decision.appointment).toBeNull();
  });

  it('asks for no visit in a question of what the business does, or a wish put off', async () => {
    for (const words of [
      'Do you have someone who can install EV chargers?',
      'I might want someone to look at the attic fan at some point, not now.',
      'I get my furnace serviced every fall by you guys. When was the last one done?',
      'When your electrician was here last week, did somebody check the panel too?',
    ]) {
      expect((await decide(`AI: Peak Electric.\nCustomer: ${words}\nAI: Yes, we do.`)).appointment).toBeNull();
    }
  });

  it("opens an urgent request on the assistant's own triage", async () => {
    const decision = await decide(
      "AI: Bayview Plumbing.\nCustomer: Something is really wrong downstairs.\nAI: I'm flagging this as urgent and our on-call plumber will call you.",
    );
    expect(decision.ticket).toMatchObject({ category: 'urgent_request', priority: 'urgent' });
    expect(decision.decisions.at(-1)?.evidence).toEqual(["I'm flagging this as urgent and our on-call plumber will call you."]);
  });

  it('opens an urgent request for a hot, buzzing panel described in plain words', async () => {
    const decision = await decide(
      'AI: Peak Electric.\nCustomer: The breaker panel is hot to the touch and buzzing.\nAI: Please stay away from it.',
    );
    expect(decision.ticket).toMatchObject({ category: 'urgent_request', priority: 'urgent' });
  });

  it('asks for a visit when a day offered is taken, with no visit phrase and no hour', async () => {
    const decision = await decide(
      'AI: Bayview Plumbing.\nCustomer: My kitchen sink is totally backed up.\nAI: We can get someone there Wednesday morning.\nCustomer: Okay, Wednesday morning is fine.',
    );
    expect(decision.appointment).toMatchObject({ status: 'requested', scheduledFor: null, preferredDate: '2026-11-25' });
  });

  it('reads no triage in the assistant asking whether it is one, or pricing it', async () => {
    for (const words of ['Is this an emergency?', 'Emergency calls with the on-call tech are $150.']) {
      expect((await decide(`AI: Peak Electric.\nCustomer: A light switch is loose.\nAI: ${words}`)).ticket).toBeNull();
    }
  });

  it.each([
    ['Your guy was here Monday and now the faucet leaks worse than before he touched it.', 'complaint'],
    ['I was charged for a part that was never installed.', 'complaint'],
    ['I waited from 8 to 5 and no one ever came.', 'complaint'],
    ['The tech left a mess. If nobody calls me today I am leaving a one-star review.', 'escalation'],
    ['We went with someone else, so you can take us off the calendar for Friday.', 'cancellation'],
    ['Yeah, please cancel Thursday. The AC started working again.', 'cancellation'],
    ["We sold the house, so we won't need Tuesday's appointment.", 'cancellation'],
    ['I got a bill for 450 dollars but the quote was 200.', 'complaint'],
    ['We were quoted 300 and the invoice says 520.', 'complaint'],
    ['I paid for a tune-up and the AC broke two days later. I want my money back.', 'complaint'],
    ["The faucet your plumber put in last week isn't the one we picked out, it's the wrong model.", 'complaint'],
    ['The guy you sent left a mess and scratched the floor.', 'complaint'],
    ["I've called three times about the leak your guys left and nobody calls back. Put me through to the owner.", 'escalation'],
    ["Hey, never mind the visit on Monday, the breaker hasn't tripped since.", 'cancellation'],
    ['Can you remove my appointment for Wednesday? We are going out of town.', 'cancellation'],
    ["I'd like you to cancel the panel job for next week, we're putting it off.", 'cancellation'],
    ['Buenas tardes, ya no necesito la cita del lunes, mi esposo lo arregló.', 'cancellation'],
    ['I was promised a call back about my warranty claim and no one has called me back.', 'complaint'],
    ['Honestly the work on our bathroom was sloppy and the vanity is not level.', 'complaint'],
  ])('opens a ticket for "%s"', async (words, category) => {
    expect((await decide(`AI: Peak Electric.\nCustomer: ${words}\nAI: I understand.`)).ticket?.category).toBe(category);
  });

  it('opens no complaint for a problem that came back without the business having worked on it', async () => {
    const decision = await decide(
      'AI: Peak Electric.\nCustomer: The breaker is making the same noise again. Can someone come Friday at 10?\nAI: Friday at 10, booked.',
    );
    expect(decision.ticket).toBeNull();
    expect(decision.appointment?.status).toBe('scheduled');
  });

  it("books the time the customer asked when the assistant's first words back are a plain yes", async () => {
    const decision = await decide('AI: Peak Electric.\nCustomer: Can I book someone for Wednesday at 10?\nAI: Yes, absolutely.');
    expect(decision.appointment).toMatchObject({ status: 'scheduled', scheduledFor: '2026-11-25T15:00:00.000Z' });
    const later = await decide(
      'AI: Peak Electric.\nCustomer: Can I book someone for Wednesday at 10?\nAI: Let me check. Yes, we install those.',
    );
    expect(later.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
    const checking = await decide(
      'AI: Peak Electric.\nCustomer: Can someone come Wednesday at 10?\nAI: Sure, let me check with the office.',
    );
    expect(checking.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
  });

  it('reads a question of who is available today as asking for a visit, not of what the business does', async () => {
    const decision = await decide('AI: Peak Electric.\nCustomer: The outlet is scorched. Do you have anyone available today?\nAI: Yes.');
    expect(decision.appointment?.status).toBe('requested');
  });

  it('reads a repair that did not hold across sentences as a complaint only when no visit is asked for', async () => {
    const complaint = await decide("AI: Peak Electric.\nCustomer: You installed the fan last week. It's wobbling again.\nAI: I'm sorry.");
    expect(complaint.ticket?.category).toBe('complaint');
    const visit = await decide(
      "AI: Peak Electric.\nCustomer: You installed the fan last week. It's wobbling again. Can someone come Friday at 10?\nAI: Friday at 10, booked.",
    );
    expect(visit.ticket).toBeNull();
    const question = await decide(
      'AI: Peak Electric.\nCustomer: Is the panel still under warranty? You installed it in 2023.\nAI: Let me check.',
    );
    expect(question.ticket).toBeNull();
  });

  it('books no visit when the assistant only confirms a booking the caller already has', async () => {
    for (const question of ['Is my tech still coming tomorrow at 10?', 'What time is my appointment on Thursday again?']) {
      const decision = await decide(`AI: Peak Electric.\nCustomer: ${question}\nAI: Yes, tomorrow at 10 am, you're all set.`);
      expect(decision.appointment).toBeNull();
    }
    const more = await decide(
      "AI: Peak Electric.\nCustomer: I already have you coming Friday. I also need someone to look at the dryer outlet.\nAI: You're all set, the office will call with a time.",
    );
    expect(more.appointment?.status).toBe('requested');
  });

  it('asks for a visit when the assistant sends someone to an emergency the caller only described', async () => {
    for (const words of ["I'm sending our on-call electrician now.", 'Someone is on the way.']) {
      const decision = await decide(`AI: Peak Electric.\nCustomer: The outlet behind the TV smells like burning plastic.\nAI: ${words}`);
      expect(decision.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
      expect(decision.ticket?.category).toBe('urgent_request');
    }
    const fast = await decide(
      'AI: Bayview Plumbing.\nCustomer: The washer hose popped and there is water all over. I need someone fast.\nAI: Okay.',
    );
    expect(fast.appointment?.status).toBe('requested');
  });

  it('opens no complaint for damage, a fault that persists or a second time the caller wants a visit for', async () => {
    for (const words of [
      "There's some water damage on the ceiling under the bathroom, it's dry now. Can someone come figure out where it came from?",
      'This is the second time this month the kitchen breaker tripped on its own. I would like an electrician to check it.',
      'Our dog scratched up the shower door, can we get an estimate on replacing it?',
      'The furnace is still not working since Monday. Could a tech come tomorrow?',
    ]) {
      const decision = await decide(`AI: Peak Electric.\nCustomer: ${words}\nAI: Tomorrow at 1 pm, you're booked.`);
      expect(decision.ticket).toBeNull();
      expect(decision.appointment).not.toBeNull();
    }
  });

  it('books no visit on a call about when a booking already made is due', async () => {
    for (const [question, answer] of [
      ["Hi, I'm just calling to confirm my appointment for tomorrow at 10.", "Yes, tomorrow at 10 am, you're all set."],
      ['Can you tell me when the technician is supposed to get here Thursday?', "He's scheduled for Thursday at 9."],
    ]) {
      expect((await decide(`AI: Peak Electric.\nCustomer: ${question}\nAI: ${answer}\nCustomer: Okay, great.`)).appointment).toBeNull();
    }
  });

  it('reads a visit named in a price question as the thing priced, until the caller asks for it', async () => {
    const priced =
      'AI: Bayview Plumbing.\nCustomer: How much do you charge to have someone come out and look at a water heater?\nAI: The service call is 89 dollars.';
    expect((await decide(`${priced}\nCustomer: Okay, thanks.`)).appointment).toBeNull();
    const asked = await decide(`${priced}\nCustomer: Okay, can someone come tomorrow at 9?\nAI: Tomorrow at 9, you're booked.`);
    expect(asked.appointment).toMatchObject({ status: 'scheduled', scheduledFor: '2026-11-25T14:00:00.000Z' });
  });

  it('books no visit on a closing that ends any request, and none on a time the assistant cancels', async () => {
    for (const [ask, close] of [
      ['I just need to update the billing address on my account.', "Got it, you're all set."],
      ['Could you email me a copy of my receipt from last week?', "I just sent it over. You're all set."],
    ]) {
      expect((await decide(`AI: Peak Electric.\nCustomer: ${ask}\nAI: ${close}`)).appointment).toBeNull();
    }
    const canceled = await decide(
      "AI: Peak Electric.\nCustomer: Hi, it's about Friday at 10, we have to call that one off.\nAI: Okay, Friday at 10 is canceled.",
    );
    expect(canceled.appointment).toBeNull();
    expect(canceled.ticket?.category).toBe('cancellation');
  });

  it('asks for a visit when the caller asks whether anybody can come', async () => {
    const decision = await decide('AI: Peak Electric.\nCustomer: The heat is out. Is there anybody who can come tonight?\nAI: Let me see.');
    expect(decision.appointment?.status).toBe('requested');
  });

  it('reads a booking that cannot be kept and a different day wanted as a reschedule, not a cancellation', async () => {
    const decision = await decide(
      "AI: Peak Electric.\nCustomer: I can't make Monday's appointment anymore, I need a different day.\nAI: The office will call you with openings.",
    );
    expect(decision.appointment).toMatchObject({ status: 'requested' });
    expect(decision.ticket).toBeNull();
  });

  it('reads "you don\'t need to send anyone" as a cancellation', async () => {
    const decision = await decide(
      "AI: Peak Electric.\nCustomer: The light works again, so you don't need to send anyone tomorrow.\nAI: Okay.",
    );
    expect(decision.ticket?.category).toBe('cancellation');
  });

  it('books no visit for a day only named and acknowledged, or a closing with no time in it', async () => {
    const named = await decide('AI: Peak Electric.\nCustomer: Is the office open?\nAI: The office reopens Monday.\nCustomer: Okay.');
    expect(named.appointment).toBeNull();
    const closing = await decide(
      'AI: Peak Electric.\nCustomer: My invoice from Friday at 2 looks off.\nAI: I can check. You got it, the office will call you.',
    );
    expect(closing.appointment).toBeNull();
  });

  it('opens a complaint beside a visit booked to put right work the assistant owns as its fault', async () => {
    const owned = await decide(
      "AI: Bayview Plumbing.\nCustomer: Your plumber was here Tuesday and the toilet's still running. I need someone back.\nAI: I'm sorry about that. Tomorrow at 1?\nCustomer: Fine.\nAI: Booked, tomorrow at 1.",
    );
    expect(owned.ticket?.category).toBe('complaint');
    expect(owned.appointment).toMatchObject({ status: 'scheduled', scheduledFor: '2026-11-25T18:00:00.000Z' });
    const regret = await decide(
      "AI: Bayview Plumbing.\nCustomer: Your plumber was here Tuesday and the toilet's running again. Can someone come tomorrow at 1?\nAI: Sorry to hear that. Tomorrow at 1 is booked.",
    );
    expect(regret.ticket).toBeNull();
  });

  it("reads harm done by the business's visit, owned by the assistant, as a complaint, and a visit only named as none", async () => {
    const harm = await decide(
      "AI: Bayview Plumbing.\nCustomer: The tech who came Monday left our gate open and the dog got out.\nAI: I'm so sorry, that should never happen.",
    );
    expect(harm.ticket?.category).toBe('complaint');
    const named = await decide(
      'AI: Bayview Plumbing.\nCustomer: The guy who came Tuesday left a quote. Does that include the install?\nAI: Yes, it does.',
    );
    expect(named.ticket).toBeNull();
  });

  it('reads a refund asked after as no complaint, and money wanted back as one', async () => {
    const status = await decide(
      'AI: Bayview Plumbing.\nCustomer: I was calling to check on the refund for the order we canceled.\nAI: Confirmed, it was processed Monday.',
    );
    expect(status.ticket).toBeNull();
    const wanted = await decide('AI: Bayview Plumbing.\nCustomer: The part was never installed and I want a refund.\nAI: I understand.');
    expect(wanted.ticket?.category).toBe('complaint');
  });

  it('escalates repeat visits for the same fault and being hung up on', async () => {
    const repeat = await decide(
      "AI: Bayview Plumbing.\nCustomer: You guys have been out three times for the same leak and it's still leaking. I want to talk to the owner.\nAI: I'll have the owner call you.",
    );
    expect(repeat.ticket?.category).toBe('escalation');
    const hungUp = await decide('AI: Bayview Plumbing.\nCustomer: The lady I talked to yesterday hung up on me.\nAI: I apologize.');
    expect(hungUp.ticket?.category).toBe('complaint');
  });

  it('asks for a visit when the assistant sends help in words other than "sending"', async () => {
    for (const words of [
      'Someone will be there within the hour.',
      'Sending someone now.',
      "I'll get a plumber out right away.",
      'Our on-call electrician is heading over now.',
      'Le mando un electricista de emergencia ahora mismo.',
      'Let me get you rescheduled, the dispatcher will call you with a time.',
    ]) {
      const decision = await decide(`AI: Bayview Plumbing.\nCustomer: There was a pop and sparks came out of the panel.\nAI: ${words}`);
      expect(decision.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
    }
  });

  it('keeps a visit asked for requested when only its time is put off, and none when the work is declined', async () => {
    const putOff = await decide(
      "AI: Bayview Plumbing.\nCustomer: The disposal is jammed, I need somebody to fix it.\nAI: I've got Friday at 9.\nCustomer: Let me check with my wife and I'll call you back.",
    );
    expect(putOff.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
    const spanish = await decide(
      'AI: Plomería Norte.\nCustomer: Necesito que alguien lo revise.\nAI: Tengo el viernes a las diez.\nCustomer: Déjeme consultar con mi esposo y le llamo.',
    );
    expect(spanish.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
    const declined = await decide(
      "AI: Bayview Plumbing.\nCustomer: I need somebody to fix the disposal. How much is that?\nAI: About 150. I've got Friday at 9.\nCustomer: No thanks, I'll think about it.",
    );
    expect(declined.appointment).toBeNull();
  });

  it('books no visit on an errand on the account the assistant says is booked or confirmed', async () => {
    for (const [words, reply] of [
      ['I want to renew my comfort club membership.', "Perfect, you're booked in for another year, the renewal is confirmed."],
      ['We moved, I need to update the address on my account.', "Confirmed, your address is updated. You're all set."],
      ['Could you email me the invoice from the visit on Friday?', "Sent. You're all set."],
    ]) {
      expect((await decide(`AI: Bayview Plumbing.\nCustomer: ${words}\nAI: ${reply}`)).appointment).toBeNull();
    }
    const withVisit = await decide(
      "AI: Bayview Plumbing.\nCustomer: I want to renew my membership and book the spring tune-up.\nAI: Renewed, and you're booked for Friday at 9.",
    );
    expect(withVisit.appointment).toMatchObject({ status: 'scheduled' });
  });

  it('reads an estimate above what was said, and a late tech, as complaints', async () => {
    for (const words of [
      'The estimate you emailed is way higher than what your guy told me in person.',
      "Your tech was two hours late yesterday and didn't even call.",
    ]) {
      expect((await decide(`AI: Peak Electric.\nCustomer: ${words}\nAI: I'll pass that on.`)).ticket?.category).toBe('complaint');
    }
  });

  it('opens no urgent request on advice given only if things get worse, and books nothing kept in mind', async () => {
    const advice = await decide(
      'AI: Peak Electric.\nCustomer: The detector chirps every minute.\nAI: That is the battery. If it sounds a full alarm, get out and call 911.',
    );
    expect(advice.ticket).toBeNull();
    const noted = await decide(
      "AI: Peak Electric.\nCustomer: What's your earliest opening for a dryer vent cleaning?\nAI: Monday at 8.\nCustomer: Okay, I'll keep that in mind, thanks.",
    );
    expect(noted.appointment).toBeNull();
  });
});

describe('the responder on both sides of one turn', () => {
  it('keeps a visit wanted by name requested when the caller declines the time, and none when asked whether it is needed', async () => {
    const declined = await decide(
      "AI: Lakeview Heating.\nCustomer: My furnace filter light is on and I want a tune up.\nAI: I have Monday at 8.\nCustomer: Monday at 8 doesn't work for me.\nAI: No problem, the scheduler will call you with an afternoon slot.",
    );
    expect(declined.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
    const asked = await decide('AI: Lakeview Heating.\nCustomer: Do I need a tune up every year?\nAI: Once a year is what we recommend.');
    expect(asked.appointment).toBeNull();
  });

  it("opens a complaint on the business's work that left a fault, owned by the assistant, and none on a question about it", async () => {
    const fault = await decide(
      "AI: Bright Spark Electric.\nCustomer: Your electrician left my basement lights not working after the job yesterday.\nAI: I'm sorry, I'll have the office call you back today.",
    );
    expect(fault.ticket).toMatchObject({ category: 'complaint' });
    const question = await decide(
      'AI: Bright Spark Electric.\nCustomer: Your electrician left a manual for the new panel, where do I find the breaker chart?\nAI: It is on page two.',
    );
    expect(question.ticket).toBeNull();
  });
});
