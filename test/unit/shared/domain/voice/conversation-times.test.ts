import fc from 'fast-check';
import { agreedTimeOfTurns } from '#shared/domain/voice/conversation-times';
import { turnsFromText } from '#shared/domain/voice/transcript-turns';

const DENVER = 'America/Denver';
/** Wednesday 2026-03-04 09:30 in Denver, four days before daylight-saving time starts. */
const CALL_TIME = new Date('2026-03-04T16:30:00Z');

const agreed = (transcript: string, spanish = false) => agreedTimeOfTurns(turnsFromText(transcript), DENVER, CALL_TIME, spanish);

describe('the time a conversation settles on', () => {
  it('takes the one of several offered times the customer picks by its hour', () => {
    const found = agreed('AI: I can get someone out tomorrow. I have 8 or 11.\nCustomer: 11 is better for me.');
    expect(found).toMatchObject({ at: '2026-03-05T18:00:00.000Z', settled: true });
    expect(found?.evidence).toEqual(['I have 8 or 11.', '11 is better for me.']);
  });

  it('takes the offered time the customer picks by its weekday', () => {
    const found = agreed('AI: I have Thursday at 9, Thursday at 1, or Friday at 4.\nCustomer: The Friday one.\nAI: Booked, thank you.');
    expect(found).toMatchObject({ at: '2026-03-06T23:00:00.000Z', settled: true });
  });

  it('takes the offered time the customer picks by its part of the day', () => {
    const found = agreed('AI: I have Tuesday at 9 am or Tuesday at 3 pm.\nCustomer: The afternoon one, please.');
    expect(found).toMatchObject({ at: '2026-03-10T21:00:00.000Z', settled: true });
  });

  it('reads "all set" and "penciled in" as the assistant confirming', () => {
    expect(agreed('Customer: Can I get it done the 17th, around 1?\nAI: The 17th at 1 pm, all set.')).toMatchObject({
      at: '2026-03-17T19:00:00.000Z',
      settled: true,
    });
    expect(agreed('Customer: Could a tech look at it Thursday at 2?\nAI: I have penciled you in for Thursday at 2 pm.')).toMatchObject({
      at: '2026-03-05T21:00:00.000Z',
      settled: true,
    });
  });

  it('reads a day said beside a time as its context, not a second offer', () => {
    const found = agreed('Customer: Can we push it back a week?\nAI: Same time next week, Wednesday the 11th at 1 pm. You are all set.');
    expect(found).toMatchObject({ at: '2026-03-11T19:00:00.000Z', settled: true });
  });

  it('never settles on a time the customer declined, and takes the later one accepted', () => {
    const found = agreed(
      'AI: I can do Friday at 9.\nCustomer: Hmm, anything later that day?\nAI: Friday at 3:30?\nCustomer: Yeah, that is fine.',
    );
    expect(found).toMatchObject({ at: '2026-03-06T22:30:00.000Z', settled: true });
  });

  it('drops what a correction replaces: "Tuesday, no wait, Wednesday"', () => {
    const found = agreed(
      'Customer: Can somebody look at it Tuesday, no wait, Wednesday works better. At 2?\nAI: Wednesday at 2 pm, you are booked.',
    );
    expect(found?.at).toBe('2026-03-11T20:00:00.000Z');
  });

  it('reads a read-back of the asked time as the assistant agreeing', () => {
    expect(agreed('Customer: Could a tech come by tomorrow at 10?\nAI: Tomorrow at 10, got it.')).toMatchObject({
      at: '2026-03-05T17:00:00.000Z',
      settled: true,
    });
  });

  it('leaves a booking the caller already has, and a slot that is taken, as mere mentions', () => {
    const existing = agreed('Customer: My appointment is still on for Friday, right?\nAI: Yes, Friday at 10 am is confirmed.');
    expect(existing).toBeNull();
    const taken = agreed(
      'Customer: Can someone come Thursday at 4?\nAI: Thursday at 4 is taken. I can do Thursday at 5 instead.\nCustomer: OK, 5 then.',
    );
    expect(taken).toMatchObject({ at: '2026-03-06T00:00:00.000Z', settled: true });
  });

  it('keeps the day on the table when the caller asks for a later hour "in the day"', () => {
    const later = agreed('AI: I have Friday at 9.\nCustomer: Hmm, anything later in the day?\nAI: I could do 4.\nCustomer: Perfect.');
    expect(later).toMatchObject({ at: '2026-03-06T23:00:00.000Z', settled: true });
    expect(agreed('Customer: Is there anything later in the day?\nAI: Let me check.')).toBeNull();
  });

  it('takes the hour the caller counters with after declining one, when the assistant says it works', () => {
    const countered = 'AI: I have Friday at 8.\nCustomer: 8 is too early for me, could it be 10?\n';
    expect(agreed(`${countered}AI: 10 works.\nCustomer: Great.`)).toMatchObject({ at: '2026-03-06T17:00:00.000Z', settled: true });
    expect(agreed(`${countered}AI: 11 works.\nCustomer: Great.`)).toMatchObject({ at: null, date: '2026-03-06', settled: false });
    expect(agreed(`${countered}AI: 10 is taken.\nCustomer: Okay.`)).toMatchObject({ at: null, settled: false });
  });

  it("reads the assistant's answer to a question about an existing booking as a mention", () => {
    expect(agreed('Customer: When is my appointment again?\nAI: Friday at 10 am.\nCustomer: Perfect, thank you.')).toBeNull();
  });

  it('reads the hour the assistant gives for a booking asked about by its day as a mention', () => {
    expect(
      agreed('Customer: Um, what time is my appointment on Monday again?\nAI: Monday at 10 am.\nCustomer: Okay cool, thanks.'),
    ).toBeNull();
    expect(agreed('Customer: Is my tech still coming tomorrow at 10?\nAI: Yes, tomorrow at 10 am, you are all set.')).toBeNull();
  });

  it('still books a new visit a caller asks for beside one already made', () => {
    const found = agreed(
      'Customer: I have the tech coming Thursday. Can you also do Monday at 10 for the furnace?\nAI: Monday at 10 is booked.',
    );
    expect(found).toMatchObject({ at: '2026-03-09T16:00:00.000Z', settled: true });
  });

  it('reads one bare hour said as the first slot on a day as an offer', () => {
    const found = agreed('Customer: Could a plumber come Monday at 7 am?\nAI: The earliest I have Monday is 10.\nCustomer: Fine, 10 then.');
    expect(found).toMatchObject({ at: '2026-03-09T16:00:00.000Z', settled: true });
    // The number of a date is no hour.
    expect(agreed('AI: I could do Wednesday, March 11.\nCustomer: Okay.')).toMatchObject({ at: null, date: '2026-03-11' });
  });

  it('reads a range of hours as a window on its day, not a time', () => {
    expect(agreed('AI: The tech can be there Tuesday between 8 and 12.\nCustomer: Okay, that is fine.')).toMatchObject({
      at: null,
      date: '2026-03-10',
    });
    const hours = agreed('Customer: Are you open Saturday?\nAI: Saturdays 8 to 1.\nCustomer: Okay, thanks.');
    expect(hours?.at ?? null).toBeNull();
    expect(hours?.settled ?? false).toBe(false);
  });

  it('reads Spanish times in any sentence that says them, whatever language the caller mostly speaks', () => {
    const found = agreed('AI: Tengo el martes a las 9 o a las 2.\nCustomer: A las dos, por favor.\nAI: Perfecto.');
    expect(found).toMatchObject({ at: '2026-03-10T20:00:00.000Z', settled: true });
  });

  it('reads "we can make that work" and "I\'ll get you in at 10" as the assistant agreeing', () => {
    expect(agreed('Customer: Could somebody tune up the furnace Friday at 8?\nAI: We can make that work.')).toMatchObject({
      at: '2026-03-06T15:00:00.000Z',
      settled: true,
    });
    expect(agreed("Customer: Can I get on the schedule for tomorrow?\nAI: I'll get you in at 10 tomorrow.")).toMatchObject({
      at: '2026-03-05T17:00:00.000Z',
      settled: true,
    });
  });

  it('takes no time when the customer acknowledges it and puts the visit off', () => {
    const found = agreed(
      "Customer: How far out are you booking?\nAI: Our next opening is Friday at 10.\nCustomer: Okay, good to know. I'll call back when I'm ready.",
    );
    expect(found?.settled ?? false).toBe(false);
  });

  it.each([
    ['AI: So Friday at 11 am, correct?\nCustomer: Correct.', '2026-03-06T18:00:00.000Z'],
    ['AI: Friday at 10 okay?\nCustomer: Mm-hmm, cool.', '2026-03-06T17:00:00.000Z'],
    ['AI: The first opening is Friday at 1.\nCustomer: I can do that.', '2026-03-06T20:00:00.000Z'],
    ['AI: Le puedo mandar a alguien el viernes a las once.\nCustomer: De acuerdo.', '2026-03-06T18:00:00.000Z'],
    ['Customer: Can someone come Friday?\nAI: Sure, does 10 work?\nCustomer: Yes.', '2026-03-06T17:00:00.000Z'],
    ['Customer: Could an electrician come Friday?\nAI: I can do 2 that day.\nCustomer: Great, thanks.', '2026-03-06T21:00:00.000Z'],
    ["Customer: Is there anything Friday?\nAI: Friday I have a 1 o'clock.\nCustomer: I'll take it.", '2026-03-06T20:00:00.000Z'],
  ])('reads a plain acceptance: %s', (transcript, at) => {
    expect(agreed(transcript)).toMatchObject({ at, settled: true });
  });

  it('reads "see you Friday" and a Spanish "está confirmada" as the assistant confirming', () => {
    expect(agreed('Customer: Can someone look at the heat pump Friday at 10?\nAI: Great, see you Friday.')).toMatchObject({
      at: '2026-03-06T17:00:00.000Z',
      settled: true,
    });
    expect(
      agreed('Customer: ¿Pueden venir el viernes a las tres?\nAI: Su cita está confirmada para el viernes a las tres de la tarde.'),
    ).toMatchObject({
      at: '2026-03-06T22:00:00.000Z',
      settled: true,
    });
  });

  it('keeps the day without a time when the assistant answers without agreeing', () => {
    const found = agreed(
      'Customer: Can an electrician come tomorrow at 7 pm?\nAI: We close at 6, but the office will call you about an evening slot.',
    );
    expect(found).toMatchObject({ at: null, date: '2026-03-05', settled: false });
  });

  it('resolves "Monday at 9" after the spring change with the new offset', () => {
    expect(agreed('Customer: Can someone come Monday at 9?\nAI: Monday at 9 am, booked.')?.at).toBe('2026-03-09T15:00:00.000Z');
  });

  it('reads a Spanish hour said as a word', () => {
    const found = agreed('Customer: ¿Pueden venir el viernes a las tres?\nAI: Sí, queda agendado el viernes a las tres de la tarde.', true);
    expect(found?.at).toBe('2026-03-06T22:00:00.000Z');
  });

  it('settles only on instants after the call, quoting only words of the call, in any conversation', () => {
    const turn = fc.record({
      speaker: fc.constantFrom('AI', 'Customer'),
      text: fc.oneof(
        fc.string({ maxLength: 80 }),
        fc.constantFrom(
          'Thursday at 2 works',
          'I have 8 or 11',
          'no wait, Friday',
          'anything later?',
          'booked.',
          'the first one',
          '11 is better',
        ),
      ),
    });
    fc.assert(
      fc.property(fc.array(turn, { maxLength: 8 }), fc.boolean(), (turns, spanish) => {
        const transcript = turns.map((t) => `${t.speaker}: ${t.text}`).join('\n');
        const found = agreed(transcript, spanish);
        if (!found) return;
        expect(found.date >= '2026-03-04').toBe(true);
        if (found.at) expect(Date.parse(found.at)).toBeGreaterThan(CALL_TIME.getTime());
        for (const quote of found.evidence) expect(transcript).toContain(quote);
      }),
      { numRuns: 300 },
    );
  });

  it('reads a time read back with "confirmed" as confirmed, and "confirmed" alone as no time', () => {
    const found = agreed(
      'Customer: Thursday at 10, please.\nAI: Okay, Tuesday at 10.\nCustomer: No, Thursday. Thursday!\nAI: My apologies, Thursday at 10, confirmed.',
    );
    expect(found).toMatchObject({ at: '2026-03-05T17:00:00.000Z', settled: true });
    expect(agreed('Customer: I need to update my address.\nAI: Confirmed, your address is updated.')).toBeNull();
  });

  it('keeps the day said before a correction that names only a new hour', () => {
    const found = agreed('Customer: Can you do Friday at 3, actually make it 3:30, I get home late.\nAI: Friday at 3:30 works.');
    expect(found).toMatchObject({ at: '2026-03-06T22:30:00.000Z', settled: true });
  });

  it('reads a booking moved to a new time as confirmed at it', () => {
    const found = agreed(
      'Customer: You are coming Friday at 10 but I need to move it to Monday, same time.\nAI: Sure, moved to Monday the 9th at 10.',
    );
    expect(found).toMatchObject({ at: '2026-03-09T16:00:00.000Z', settled: true });
  });

  it('takes no day the caller tells of as past as one asked for', () => {
    expect(
      agreed(
        'Customer: The new furnace went in Tuesday, I want to register the warranty.\nAI: Registered with the Tuesday install date. All set.',
      ),
    ).toMatchObject({ at: null, settled: false });
  });
});

/** Corrections said as people say them: "sorry", "no", "I mean", a reason told after (ADR 0201). */
describe('a time corrected inside a turn', () => {
  it('takes the hour after "sorry" or "no" when a time follows at once, and not "sorry" or "no" of anything else', () => {
    const sorry = agreed(
      "AI: I can get a plumber out tomorrow at 2 or at 3.\nCustomer: Let's do 2, sorry, 3. School pickup's at 2.\nAI: Okay, you're all set.",
    );
    expect(sorry).toMatchObject({ at: '2026-03-05T22:00:00.000Z', settled: true });
    const no = agreed("AI: Sure, what time tomorrow?\nCustomer: How's nine, no, ten thirty?\nAI: Yes, you're all set.");
    expect(no).toMatchObject({ at: '2026-03-05T17:30:00.000Z', settled: true });
    const apology = agreed(
      "AI: I can get a plumber out tomorrow at 2 or at 3.\nCustomer: Sorry to bother you, 2 works.\nAI: Okay, you're all set.",
    );
    expect(apology).toMatchObject({ at: '2026-03-05T21:00:00.000Z', settled: true });
  });

  it('reads a bare hour a correction starts with as the hour, on the day said before it', () => {
    const found = agreed("Customer: Can he come Tuesday at ten, I mean eleven, if you have it?\nAI: Yes, that works. You're booked.");
    expect(found).toMatchObject({ at: '2026-03-10T17:00:00.000Z', settled: true });
  });

  it('takes the time a correction starts with, not the time of its reason told after it', () => {
    const found = agreed(
      "AI: I have Monday at 9 available.\nCustomer: Monday at 9 is good. Actually, make that 10 instead if you can, I drop the kids off at 9.\nAI: Sure thing, you're booked.",
    );
    expect(found).toMatchObject({ at: '2026-03-09T16:00:00.000Z', settled: true });
    // Without a correction the last of two times asked for is the one on the table.
    const plain = agreed(
      "AI: I have Monday at 9 available.\nCustomer: Could he come Monday at 10 or Monday at 11?\nAI: Sure thing, you're booked.",
    );
    expect(plain).toMatchObject({ at: '2026-03-09T17:00:00.000Z' });
  });

  it('gives a day agreed without an hour the hour said with it, and not an hour told alone', () => {
    const hour = agreed(
      "Customer: Can he come Friday the 7th at 1?\nAI: Just so you know, Friday is the 6th. Which did you mean?\nCustomer: Oh, Friday. Friday at 1.\nAI: Got it, you're booked.",
    );
    expect(hour).toMatchObject({ at: '2026-03-06T20:00:00.000Z', settled: true });
    const told = agreed(
      "AI: I can send someone Friday.\nCustomer: Friday's fine.\nAI: Great, you're booked.\nCustomer: Oh, the dog walker comes at 2.",
    );
    expect(told).toMatchObject({ at: null, date: '2026-03-06' });
  });

  it("reads a caller's echo of a reminder's day as the booking already made", () => {
    expect(
      agreed(
        "AI: This is a reminder your appointment is still on for Thursday at 10.\nCustomer: Oh, Thursday, yeah no, that's fine.\nAI: Great, see you then.",
      ),
    ).toBeNull();
  });

  it('moves a read-back by a "no" and a bare hour at a turn start, and not by "no, that\'s fine"', () => {
    const moved = agreed(
      "Customer: Can someone come Monday at 3?\nAI: Monday at 2, got it.\nCustomer: No, 3. I said 3.\nAI: Sorry, you're all set for 3.",
    );
    // Monday the 9th is after the clock change: 3 pm is 21:00 UTC.
    expect(moved).toMatchObject({ at: '2026-03-09T21:00:00.000Z', settled: true });
    const kept = agreed("Customer: Can someone come Monday at 2?\nAI: Monday at 2, got it.\nCustomer: No, that's fine, thanks, 2 is good.");
    expect(kept).toMatchObject({ at: '2026-03-09T20:00:00.000Z', settled: true });
  });

  it('reads an hour asked alone after an offer as a counter, and "not sure" as no assent', () => {
    const counter = agreed("AI: How about Friday at 8?\nCustomer: Nah, too early. Ten?\nAI: Ten on Friday works. You're booked.");
    expect(counter).toMatchObject({ at: '2026-03-06T17:00:00.000Z', settled: true });
    const count = agreed(
      "Customer: Can someone come Tuesday to look at the heaters?\nAI: How many units are there?\nCustomer: Two?\nAI: Okay, you're booked.",
    );
    expect(count).toMatchObject({ at: null, date: '2026-03-10' });
    const unsure = agreed("AI: I have Tuesday at 10.\nCustomer: Maybe? I'm not sure.");
    expect(unsure).toMatchObject({ at: null, settled: false });
  });

  it('picks the offer at the hour said without its day, and not the offer when the hour is said with another day', () => {
    const picked = agreed('AI: I have Friday at 9 am or Monday at 1 pm.\nCustomer: The 9 am.\nAI: Great, you are booked.');
    expect(picked).toMatchObject({ at: '2026-03-06T16:00:00.000Z', settled: true });
    const other = agreed('AI: I have Friday at 9 am or Monday at 1 pm.\nCustomer: Monday at 9 am?\nAI: Let me check.');
    expect(other).toMatchObject({ at: null, date: '2026-03-09', settled: false });
  });

  it('reads a day denied ("not Tuesday") as no day on the table, and the day said beside it as the one asked', () => {
    const denied = agreed(
      "Customer: Can someone come Thursday at 11?\nAI: So that's Tuesday at 11.\nCustomer: I said Thursday, not Tuesday.\nAI: Sorry about that, you're booked.",
    );
    expect(denied).toMatchObject({ date: '2026-03-05' });
    expect(denied?.at).not.toBe('2026-03-10T17:00:00.000Z');
  });

  it('reads a correction word that ends a turn as correcting what came before it', () => {
    const found = agreed('Customer: Can someone come Thursday at 3— at 3:30 actually.\nAI: Sure, you are booked.');
    expect(found).toMatchObject({ at: '2026-03-05T22:30:00.000Z', settled: true });
  });

  it('reads the assistant\'s own "oh wait" and an hour it says alone as its offer, and "the earliest is" after a day closed', () => {
    const gone = agreed("AI: Tomorrow at 1... oh wait, that's gone. 2?\nCustomer: 2 is good.\nAI: Great, you're booked.");
    expect(gone).toMatchObject({ at: '2026-03-05T21:00:00.000Z', settled: true });
    const asked = agreed("AI: I can do Friday at—\nCustomer: Friday's great, what time?\nAI: 9.\nCustomer: Perfect.\nAI: You're booked.");
    expect(asked).toMatchObject({ at: '2026-03-06T16:00:00.000Z', settled: true });
    const closed = agreed(
      "Customer: Sunday at 10?\nAI: We're closed Sundays, the earliest is Monday at 7.\nCustomer: Fine, 7.\nAI: Okay, you're booked.",
    );
    expect(closed).toMatchObject({ at: '2026-03-09T13:00:00.000Z', settled: true });
    // An hour alone said with no day on the table offers nothing.
    expect(agreed('Customer: How many techs come?\nAI: 2.\nCustomer: Okay.')).toBeNull();
  });

  it('never throws on a turn of arbitrary text with correction words in it', () => {
    const words = fc.constantFrom('sorry, ', 'no, ', 'I mean ', 'actually ', 'make that ', '3', 'ten', 'Friday', ' at ', ', ', '—', '.');
    fc.assert(
      fc.property(fc.array(fc.oneof(words, fc.string({ maxLength: 8 })), { maxLength: 12 }), (parts) => {
        expect(() => agreed(`AI: I have Friday at 2.\nCustomer: ${parts.join('')}`)).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });

  it('offers a bare hour said after "or" beside a time of day, and no number of another kind', () => {
    expect(agreed('AI: Friday at 9 or 1.\nCustomer: He says 1 is better than 9.')).toMatchObject({
      at: '2026-03-06T20:00:00.000Z',
      settled: true,
    });
    expect(agreed('AI: I can do Friday at 9, it takes 2 hours or so.\nCustomer: Okay.')).toMatchObject({
      at: '2026-03-06T16:00:00.000Z',
      settled: true,
    });
  });

  it('offers the day said after the offer words, the day before them being context', () => {
    const found = agreed(
      "AI: Everyone's out on jobs today, the earliest is first thing tomorrow morning.\nCustomer: Okay, that'll have to do.",
    );
    expect(found).toMatchObject({ at: null, date: '2026-03-05', settled: true });
    expect(agreed('AI: Tomorrow, I have 9 or 11.\nCustomer: 11 works.')).toMatchObject({ at: '2026-03-05T18:00:00.000Z', settled: true });
  });
});
