import fc from 'fast-check';
import { pastTimes, timeMentions } from '#shared/domain/voice/requested-time';
import { RuleBasedResponder } from '#shared/domain/voice/responder';
import { ofNoVisit } from '#shared/domain/voice/settling-words';
import { callOfTranscript } from '../../../../support/call-fixture';
import { team } from '../../../../support/intake-fakes';

const DENVER = 'America/Denver';
/** Tuesday 2027-05-11 10:15 in Denver (MDT). */
const CALL_TIME = new Date('2027-05-11T16:15:00Z');
const at = (local: string) => new Date(`${local}-06:00`).toISOString();

const decide = (transcript: string) =>
  new RuleBasedResponder().decide(callOfTranscript(transcript), team({ id: 1, timezone: DENVER }), CALL_TIME, {});

/** Visits agreed in calls that are not about booking: dispatches, return visits, rebookings, offers unasked (ADR 0204). */
describe('the responder finding a visit agreed in a call that is not about booking', () => {
  it('books an emergency dispatch at the hour the assistant names before any day, today, beside the urgent request', async () => {
    const decision = await decide(
      "Dispatcher: Ridgeline, dispatch.\nHomeowner: Sewage is backing up into the basement shower and it's coming up the floor drain too.\nDispatcher: Don't run any water or flush. I'm dispatching Luis, he'll be there at 12:45.\nHomeowner: ok thank you",
    );
    expect(decision.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-11T12:45:00') });
    expect(decision.ticket?.category).toBe('urgent_request');
    const around = await decide(
      "Dispatcher: Ridgeline, this is Pam.\nHomeowner: Water is pouring through my kitchen ceiling!\nDispatcher: Shut off the main. I've got a plumber nearby, he'll be there within the hour, around 11.\nHomeowner: Okay, I'll find the valve.",
    );
    expect(around.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-11T11:00:00') });
  });

  it('keeps a dispatch with a delay and no clock time requested today, and an hour said alone with nobody sent no time', async () => {
    const delay = await decide(
      'AI: Ridgeline Home Services.\nCustomer: My water heater burst, there is water everywhere in the garage.\nAI: Shut the cold water valve. Someone will be there within the hour.\nCustomer: Thank you.',
    );
    expect(delay.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
    const hours = await decide(
      'AI: Ridgeline Home Services.\nCustomer: Can someone look at my water heater? It makes a popping noise.\nAI: Sure. Our office closes at 5.\nCustomer: Okay.',
    );
    expect(hours.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
  });

  it('books nothing for a visit already made, answered with "he will be there", nor for a survey of one last Friday', async () => {
    const coming = await decide(
      "AI: Ridgeline Home Services.\nCustomer: Is my tech still coming tomorrow at 9?\nAI: Yes, he'll be there at 9.\nCustomer: Great.",
    );
    expect(coming.appointment).toBeNull();
    const survey = await decide(
      'Agent: Hi, this is Ridgeline with a quick survey about your visit last Friday at 2. How did we do?\nCaller: It went great, thanks.',
    );
    expect(survey.appointment).toBeNull();
    const offered = await decide(
      'Agent: Hi, Ridgeline here. Could our tech come Friday at 2 for the furnace check?\nCaller: It works, thanks.',
    );
    expect(offered.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-14T14:00:00') });
  });

  it('books the new time of a cancellation rebooked in the same call, with no cancellation ticket', async () => {
    const decision = await decide(
      'Agent: Ridgeline, how can I help?\nCaller: Yeah, I need to cancel my Wednesday appointment.\nAgent: Okay, I can cancel that.\nCaller: Actually, can you just put me in for Saturday morning at 9 instead?\nAgent: Done, Saturday at 9.',
    );
    expect(decision.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-15T09:00:00') });
    expect(decision.ticket).toBeNull();
  });

  it('keeps a cancellation whose only time is the booking canceled, closed or read back, a cancellation', async () => {
    const closed = await decide(
      "AI: Ridgeline Home Services.\nCustomer: Please cancel the Friday at 2 visit, we got it fixed.\nAI: Done. You're all set.\nCustomer: Okay, thanks.",
    );
    expect(closed.appointment).toBeNull();
    expect(closed.ticket?.category).toBe('cancellation');
    const readBack = await decide(
      "AI: Ridgeline Home Services.\nCustomer: I need to cancel the 10— no, the 2 o'clock tomorrow, we fixed it ourselves.\nAI: Okay, I've cancelled tomorrow's 2 o'clock.\nCustomer: Okay.",
    );
    expect(readBack.appointment).toBeNull();
    expect(readBack.ticket?.category).toBe('cancellation');
  });

  it('books an hour said alone in answer to "what time works?", and "lock it in" to an offer', async () => {
    const answered = await decide(
      'AI: Ridgeline Home Services.\nCustomer: I need a plumber to look at the water heater tomorrow.\nAI: What time tomorrow works for you?\nCustomer: Three.\nAI: Three it is.',
    );
    expect(answered.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-12T15:00:00') });
    const locked = await decide(
      'Agent: Ridgeline.\nCaller: My water softener is beeping.\nAgent: Saturday at 10 is open.\nCaller: Lock it in.',
    );
    expect(locked.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-15T10:00:00') });
  });

  it('reads no hour in a number said alone to another question than the time', async () => {
    const decision = await decide(
      'AI: Ridgeline Home Services.\nCustomer: I need someone to service our AC units tomorrow.\nAI: How many units do you have?\nCustomer: Three.\nAI: Great, you are all set.',
    );
    expect(decision.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
  });

  it('books the estimate, not the install that hangs on it, and still reads an offer made "if you want"', async () => {
    const estimate = await decide(
      "AI: Ridgeline Home Services.\nCustomer: I'm thinking of replacing our furnace.\nAI: Our comfort advisor can come Thursday at 9 for the estimate, and if you go ahead we'd pencil the install for next Monday at 8.\nCustomer: Great, thanks.",
    );
    expect(estimate.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-13T09:00:00') });
    const offer = await decide(
      'AI: Ridgeline Home Services.\nCustomer: My dryer vent is clogged.\nAI: If you want, I can do Friday at 9.\nCustomer: Sure.',
    );
    expect(offer.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-14T09:00:00') });
  });

  it('counts "same time next week" and "same time tomorrow" from the hour of a visit already past', async () => {
    const week = await decide(
      'AI: Ridgeline Home Services.\nCustomer: Your painter came today at 9 for the first coat. Can he come same time next week for the second?\nAI: Sure, same time next week works. You are set.',
    );
    expect(week.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-18T09:00:00') });
    const tomorrow = await decide(
      'Agent: Ridgeline.\nCaller: The plumber was here this morning at 8 and needs to finish. Can he come back same time tomorrow?\nAgent: Same time tomorrow, you got it.',
    );
    expect(tomorrow.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-12T08:00:00') });
  });

  it('names no hour for a visit asked after a past one without "same time"', async () => {
    const decision = await decide(
      'AI: Ridgeline Home Services.\nCustomer: Your painter came today at 9 for the first coat. Can he come back next Tuesday for the second?\nAI: Sure, next Tuesday. You are set.',
    );
    expect(decision.appointment).toMatchObject({ status: 'requested', scheduledFor: null, preferredDate: '2027-05-18' });
  });

  it('reads past times of any text without throwing, each at or before the call', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        for (const m of pastTimes(text, DENVER, CALL_TIME, null)) expect(Date.parse(m.at ?? '')).toBeLessThanOrEqual(CALL_TIME.getTime());
      }),
    );
    expect(pastTimes('he came today at 9', DENVER, CALL_TIME, null).map((m) => m.at)).toEqual([at('2027-05-11T09:00:00')]);
  });

  it('books a return visit the assistant sends after a complaint, beside the complaint, and none for a part sent back', async () => {
    const back = await decide(
      "AI: Ridgeline Home Services.\nCustomer: The furnace you serviced is short cycling again, same problem as before.\nAI: Sorry about that, that's on us. We'll send Mike back Wednesday between 8 and 10.\nCustomer: okay",
    );
    expect(back.appointment).toMatchObject({ status: 'requested', preferredDate: '2027-05-12' });
    expect(back.ticket?.category).toBe('complaint');
    const notFixed = await decide(
      "AI: Thanks for calling Ridgeline.\nCustomer: Your tech came Monday for the garbage disposal and it's not even fixed, it still hums.\nAI: I'm so sorry, that's on us. We'll come back out Friday at 1, no charge.\nCustomer: ok thanks",
    );
    expect(notFixed.ticket?.category).toBe('complaint');
    const part = await decide(
      'AI: Ridgeline Home Services.\nCustomer: Did the warranty part come in for my dishwasher?\nAI: Not yet, the supplier was wrong, we will send it back tomorrow.\nCustomer: okay',
    );
    expect(part.appointment).toBeNull();
  });

  it('books the time a dispatched technician "should arrive", and nothing for one running late to a visit made', async () => {
    const arrive = await decide(
      "AI: Ridgeline Home Services.\nCustomer: Sewage is coming up through the basement drain.\nAI: Don't use any water. The tech's name is Ray, he's headed your way now and should arrive about 11.\nCustomer: Thank you.",
    );
    expect(arrive.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-11T11:00:00') });
    const late = await decide(
      "AI: Hi, this is Ridgeline. Your tech is running late, he'll be there at 11:30 instead of 11.\nCustomer: ok no problem.",
    );
    expect(late.appointment).toBeNull();
  });

  it('books the sizing visit, not the install that hangs on the unit in stock, and an offer "if that works"', async () => {
    const sized = await decide(
      "AI: Ridgeline Home Services.\nCustomer: We need a new water heater.\nAI: I can have someone come size it tomorrow at 9, and we'd do the install Friday at 8 if the unit's in stock.\nCustomer: Sounds good.",
    );
    expect(sized.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-12T09:00:00') });
    const works = await decide(
      'AI: Ridgeline Home Services.\nCustomer: My toilet runs.\nAI: I can do Friday at 8 if that works.\nCustomer: That works.',
    );
    expect(works.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-14T08:00:00') });
  });

  it('reads whether any text says a time of no visit without throwing', () => {
    const mention = { at: null, date: '2027-05-12', phrase: 'tomorrow', index: 0 };
    fc.assert(fc.property(fc.string({ maxLength: 80 }), (text) => expect(typeof ofNoVisit(text, mention)).toBe('boolean')));
    expect(ofNoVisit("the install tomorrow if the part's in", mention)).toBe(true);
  });

  it('reads the day a time is moved to ("from Thursday at 10 to Friday") and books it at the hour said', async () => {
    const moved = timeMentions('We need to move your inspection from Thursday at 10 to Friday.', DENVER, CALL_TIME);
    expect(moved.map((m) => [m.date, m.at])).toEqual([
      ['2027-05-13', at('2027-05-13T10:00:00')],
      ['2027-05-14', null],
    ]);
    expect(timeMentions('He can come Thursday at 10.', DENVER, CALL_TIME)).toHaveLength(1);
    const decision = await decide(
      'AI: Hi, this is Ridgeline Home Services. Because of the storm, we need to move your roof inspection from Thursday at 10 to Friday. Same time, 10 am?\nCustomer: yeah ok\nAI: Thanks, see you Friday.',
    );
    expect(decision.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-14T10:00:00') });
  });

  it('reads the times of any text without throwing, none before the call', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        for (const m of timeMentions(text, DENVER, CALL_TIME)) expect(m.date >= '2027-05-11').toBe(true);
      }),
    );
  });

  it('reads work a named technician did that did not hold as a complaint where the assistant owns it, and not otherwise', async () => {
    const owned = await decide(
      "AI: Ridgeline Home Services.\nCustomer: Tony replaced our garbage disposal Saturday and it's leaking again.\nAI: I'm sorry about that. I can get Tony back out tomorrow at 1.\nCustomer: Tomorrow at 1 works.",
    );
    expect(owned.ticket?.category).toBe('complaint');
    expect(owned.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-12T13:00:00') });
    const asked = await decide(
      "AI: Ridgeline Home Services.\nCustomer: Tony replaced our garbage disposal Saturday and it's leaking again. Can someone come?\nAI: I can send a plumber tomorrow at 1.\nCustomer: Tomorrow at 1 works.",
    );
    expect(asked.ticket).toBeNull();
  });

  it('cancels a visit the caller cannot make and puts off, and reschedules one moved in the same call', async () => {
    const putOff = await decide(
      "AI: Ridgeline Home Services.\nCustomer: I can't make tomorrow's appointment. I'll call back to reschedule when I know my schedule.\nAI: No problem, I'll take you off for tomorrow.",
    );
    expect(putOff.appointment).toBeNull();
    expect(putOff.ticket?.category).toBe('cancellation');
    const moved = await decide(
      "AI: Ridgeline Home Services.\nCustomer: I can't make tomorrow's appointment. Could we do Friday at 2?\nAI: Friday at 2 works, you're all set.",
    );
    expect(moved.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-14T14:00:00') });
    expect(moved.ticket).toBeNull();
  });

  it('books the hour of an ETA and of an answer to "when can someone get here?" today', async () => {
    const eta = await decide(
      "AI: Ridgeline Home Services.\nCustomer: Water is pouring out from under the dishwasher, it's all over the kitchen floor.\nAI: Shut the valve under the sink. I'm getting Dave out to you, ETA 12:30.\nCustomer: ok",
    );
    expect(eta.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-11T12:30:00') });
    const when = await decide(
      "AI: Ridgeline Home Services.\nCustomer: The sump pump died and there's an inch of water in the basement.\nAI: We'll get someone out.\nCustomer: When can someone get here?\nAI: Around 1:30.\nCustomer: Okay good.",
    );
    expect(when.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-11T13:30:00') });
    const howMany = await decide(
      'AI: Ridgeline Home Services.\nCustomer: How many techs do you have?\nAI: Around 12.\nCustomer: Okay good.',
    );
    expect(howMany.appointment).toBeNull();
  });

  it('takes "switched" as the assistant moving a visit, and a video call as no visit beside the one to measure', async () => {
    const switched = await decide(
      "AI: Ridgeline Home Services.\nCustomer: Can we switch my Wednesday 2 o'clock to Thursday?\nAI: Thursday at 2 is open, switched.",
    );
    expect(switched.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-13T14:00:00') });
    const measured = await decide(
      "AI: Ridgeline Home Services.\nCustomer: We'd like to redo our bathroom.\nAI: Our designer can do a video call Thursday at 2, then come out Monday at 9 to measure.\nCustomer: Perfect.",
    );
    expect(measured.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-17T09:00:00') });
  });

  it('reads "the guy you sent" as the business\'s work in a complaint', async () => {
    const decision = await decide(
      "AI: Ridgeline Home Services.\nCustomer: The guy you sent yesterday left the faucet dripping worse than before.\nAI: I apologize. We'll have him back Saturday at 9.\nCustomer: ok.",
    );
    expect(decision.ticket?.category).toBe('complaint');
    expect(decision.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-15T09:00:00') });
  });

  it('books an outbound offer taken with "2\'s good", and no hour said of something else', async () => {
    const taken = await decide(
      "Sam: Hi, it's Sam from Ridgeline. You requested a call back about a leaky faucet?\nLee: Yes, thanks for calling.\nSam: I can get someone out tomorrow between 8 and 10, or at 2.\nLee: 2's good.\nSam: Great.",
    );
    expect(taken.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-12T14:00:00') });
    const price = await decide(
      "AI: Ridgeline Home Services.\nCustomer: Can someone look at my faucet?\nAI: I can get someone out tomorrow at 2. It's $89.\nCustomer: 89's too much, never mind.",
    );
    expect(price.appointment?.scheduledFor ?? null).toBeNull();
  });

  it('takes a thanks right after someone is sent, and not a thanks for something else said later', async () => {
    const sent = await decide(
      'AI: Ridgeline Home Services.\nCustomer: The water heater is leaking, there is an inch of water in the basement.\nAI: I can have the on-call plumber at your house at 4:30.\nCustomer: Thank you!',
    );
    expect(sent.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-11T16:30:00') });
    const emailed = await decide(
      "AI: Hi, this is Ridgeline following up on your quote request. I could have the estimator out Monday at 10.\nCustomer: Can you just email me a rough price instead?\nAI: Sure, I'll email it today.\nCustomer: Thanks.",
    );
    expect(emailed.appointment).toBeNull();
  });

  it('reads an hour said to "when will the tech get here?" about a booking made as no visit', async () => {
    const decision = await decide(
      'AI: Ridgeline Home Services.\nCustomer: When will the tech get here? My appointment is today.\nAI: Around 1.\nCustomer: ok',
    );
    expect(decision.appointment).toBeNull();
  });

  it('takes "moved." and "we\'ll have the tech back" as the assistant stating a visit', async () => {
    const moved = await decide(
      'AI: Ridgeline Home Services.\nCustomer: Can I do 2 instead of 10 on Friday?\nAI: Friday at 2 works, moved.',
    );
    expect(moved.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-14T14:00:00') });
    const back = await decide(
      "AI: Ridgeline Home Services.\nCustomer: The toilet your plumber reset is rocking again.\nAI: That's on us. We'll have the tech back tomorrow morning.\nCustomer: ok",
    );
    expect(back.appointment).toMatchObject({ status: 'requested', preferredDate: '2027-05-12' });
    expect(back.ticket?.category).toBe('complaint');
  });

  it('takes "he\'ll be there" from a caller booking for someone, and keeps a visit whose time is put to a call back requested', async () => {
    const forDad = await decide(
      "AI: Ridgeline Home Services.\nCustomer: I'm calling for my dad, he's 88 and he has no hot water. Can someone come today?\nAI: I can send someone at 3.\nCustomer: He'll be there.",
    );
    expect(forDad.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-11T15:00:00') });
    expect(forDad.ticket?.category).toBe('urgent_request');
    const callBack = await decide(
      "Agent: Hi, this is Ridgeline returning your request for a furnace quote. Can our advisor come out this week?\nCaller: Sure, but call me back tomorrow to set a time, I'm driving.\nAgent: Will do.",
    );
    expect(callBack.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
    const none = await decide(
      'Agent: Hi, this is Ridgeline. Your furnace plan renews next month.\nCaller: OK, call me back later.\nAgent: Will do.',
    );
    expect(none.appointment).toBeNull();
  });

  it('books the hour a visit already made is moved to in the same sentence, and "k thx" to an offer', async () => {
    const moved = await decide(
      "AI: Ridgeline Home Services.\nCustomer: The tech is coming at 2 today, can he come at 4 instead?\nAI: Sure, 4 o'clock today.\nCustomer: Thanks.",
    );
    expect(moved.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-11T16:00:00') });
    const kept = await decide(
      'AI: Ridgeline Home Services.\nCustomer: The tech is coming at 2 today, right?\nAI: Yes, 2 today.\nCustomer: Thanks.',
    );
    expect(kept.appointment).toBeNull();
    const k = await decide(
      'agent: ridgeline home services\ncaller: hi can someone fix a leaky outdoor spigot\nagent: friday at 10?\ncaller: k thx',
    );
    expect(k.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-14T10:00:00') });
  });

  it('reads a dispatch hour today in a transcript without speaker labels, and no hour where nobody is sent', async () => {
    const sent = await decide(
      "Thanks for calling Ridgeline Home Services. Hi, the toilet overflowed and water is going under the door into the hallway. Okay, shut the valve behind the toilet. I'm sending a plumber, he'll be there at 12:45. Okay thank you.",
    );
    expect(sent.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-11T12:45:00') });
    const asked = await decide('Thanks for calling Ridgeline. Hi, can someone look at my furnace filter? We close the store at 5. Sure.');
    expect(asked.appointment?.scheduledFor ?? null).toBeNull();
  });

  it('reads the hour offered to "as soon as possible" as today\'s', async () => {
    const decision = await decide(
      "AI: Ridgeline Home Services.\nCustomer: I need someone as soon as possible, the garbage disposal is leaking under the sink.\nAI: 1 o'clock?\nCustomer: yes",
    );
    expect(decision.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-11T13:00:00') });
  });

  it('reads "our tech will meet you there" as the assistant stating the visit, not a question of meeting', async () => {
    const met = await decide(
      "AI: Ridgeline Home Services.\nCustomer: I smell gas in the basement, I left the house. Can someone come at noon? I'll be back then.\nAI: Yes, noon today, our tech will meet you there. Stay outside until he arrives.",
    );
    expect(met.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-11T12:00:00') });
    const asked = await decide(
      'AI: Ridgeline Home Services.\nCustomer: My furnace is noisy.\nAI: Could our tech meet you there Friday at 10?\nCustomer: Hmm.',
    );
    expect(asked.appointment?.scheduledFor ?? null).toBeNull();
  });

  it('books no return visit the caller refuses, and none for a hypothetical "if I called, how soon?"', async () => {
    const refused = await decide(
      "AI: Ridgeline Home Services.\nCustomer: Your tech broke a tile in the bathroom.\nAI: I'm so sorry. We can send him back Thursday at 10 to replace it.\nCustomer: No, I don't want him back in my house. I want a refund for the tile.",
    );
    expect(refused.appointment).toBeNull();
    expect(refused.ticket?.category).toBe('complaint');
    const hypothetical = await decide(
      'AI: Ridgeline Home Services.\nCustomer: If I called for an emergency, how soon could someone get here?\nAI: Usually within two hours, and the emergency fee is $150.\nCustomer: Okay, good to know, thanks.',
    );
    expect(hypothetical.appointment).toBeNull();
  });

  it('cancels a visit whose move the caller puts off in a later turn, and moves one given a new time', async () => {
    const putOff = await decide(
      "AI: Ridgeline Home Services.\nCustomer: I need to reschedule Friday's appointment.\nAI: Sure, what works for you?\nCustomer: I'm not sure yet, I'll call back when I know.",
    );
    expect(putOff.appointment).toBeNull();
    expect(putOff.ticket?.category).toBe('cancellation');
    const moved = await decide(
      "AI: Ridgeline Home Services.\nCustomer: I need to reschedule Friday's appointment.\nAI: Sure, what works for you?\nCustomer: Monday at 10.\nAI: Monday at 10, you're all set.",
    );
    expect(moved.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-17T10:00:00') });
    expect(moved.ticket).toBeNull();
  });

  it('books "expected arrival is 11:50" after a dispatch and "Jake will be back out tomorrow at 10" with no answer', async () => {
    const arrival = await decide(
      "Dispatcher: Ridgeline.\nHomeowner: The sump pump failed and water's coming up through the floor.\nDispatcher: I've dispatched Sarah. Expected arrival is 11:50.\nHomeowner: Great.",
    );
    expect(arrival.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-11T11:50:00') });
    const back = await decide(
      "AI: Ridgeline Home Services.\nCustomer: The drain you snaked Monday is backed up again.\nAI: I'm sorry, that's on us. Jake will be back out tomorrow at 10 at no charge.",
    );
    expect(back.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-05-12T10:00:00') });
    const asked = await decide('AI: Ridgeline Home Services.\nCustomer: When will Jake be back out, tomorrow at 10?\nAI: Let me check.');
    expect(asked.appointment?.scheduledFor ?? null).toBeNull();
  });

  it('keeps an install whose date waits on a permit requested, its call promised after other words', async () => {
    const decision = await decide(
      "Agent: Hi, this is Ridgeline. We got your approval on the panel estimate. We'll call you next week once the permit is in to set the install date.\nCaller: Sounds good.",
    );
    expect(decision.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
  });
});
