import { agreedTimeOfTurns } from '#shared/domain/voice/conversation-times';
import { inOrderSaid, pickOffered } from '#shared/domain/voice/offered-pick';
import type { TimeMention } from '#shared/domain/voice/requested-time';
import { turnsFromText } from '#shared/domain/voice/transcript-turns';

const CHICAGO = 'America/Chicago';
/** Tuesday 2027-06-01 10:20 in Chicago. */
const CALL_TIME = new Date('2027-06-01T15:20:00Z');

const agreed = (transcript: string) => agreedTimeOfTurns(turnsFromText(transcript), CHICAGO, CALL_TIME);

/** An offer at a local hour of Friday 4 June 2027 (Chicago is UTC-5 in June), quoted from one sentence. */
const offerAt = (hour: number, minute: number, quote: string) => {
  const at = `2027-06-04T${String(hour + 5).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;
  const mention: TimeMention = { at, date: '2027-06-04', phrase: `${hour}:${minute}`, index: 0 };
  return { mention, quote };
};

describe('the offer an answer picks among several', () => {
  it('reads "one" said for an offer as no hour: "the earlier one" is not 1 o\'clock', () => {
    const quote = 'For Friday I have 9 or 1.';
    const offers = [offerAt(9, 0, quote), offerAt(13, 0, quote)];
    expect(pickOffered('The earlier one.', offers, CHICAGO)).toBe(offers[0]);
    expect(pickOffered('That one at 1.', offers, CHICAGO)).toBe(offers[1]);
  });

  it('picks by when the offers are for "earlier", "sooner" and "later", whatever order they were said in', () => {
    const quote = 'I have 3:30 or 2.';
    const offers = [offerAt(15, 30, quote), offerAt(14, 0, quote)];
    expect(pickOffered('The earlier one.', offers, CHICAGO)).toBe(offers[1]);
    expect(pickOffered('Whichever is sooner.', offers, CHICAGO)).toBe(offers[1]);
    expect(pickOffered('The later slot.', offers, CHICAGO)).toBe(offers[0]);
  });

  it('picks by the order the offers were said in for an ordinal, "last" and "the latter", among two or more', () => {
    const quote = 'I have 8, 11 or 4.';
    const offers = [offerAt(8, 0, quote), offerAt(11, 0, quote), offerAt(16, 0, quote)];
    expect(pickOffered('The second one, please.', offers, CHICAGO)).toBe(offers[1]);
    expect(pickOffered('The last one.', offers, CHICAGO)).toBe(offers[2]);
    expect(pickOffered('First option.', offers, CHICAGO)).toBe(offers[0]);
    expect(pickOffered('The latter.', offers.slice(0, 2), CHICAGO)).toBe(offers[1]);
    expect(pickOffered('The fourth one.', offers, CHICAGO)).toBeNull();
  });

  it('places each offer where its clock is said, and keeps the order read when clocks cannot be told apart', () => {
    const quote = 'Let me look, 1 is gone. I have 2 or 3:30.';
    const read = [offerAt(15, 30, quote), offerAt(14, 0, quote)];
    expect(inOrderSaid(read, CHICAGO)).toEqual([read[1], read[0]]);
    const sameHour = [offerAt(10, 0, 'Monday at 10 or Friday at 10.'), offerAt(10, 0, 'Monday at 10 or Friday at 10.')];
    expect(inOrderSaid(sameHour, CHICAGO)).toEqual(sameHour);
  });
});

describe('a pick among offers in a conversation', () => {
  it('books the pick said without an assent word ("Morning one.", "The latter.", "Whichever is sooner.")', () => {
    expect(agreed("AI: Friday I have 7:45 or 2:15.\nCustomer: Morning one.\nAI: Okay, you're booked.")).toMatchObject({
      at: '2027-06-04T12:45:00.000Z',
      settled: true,
    });
    expect(agreed("AI: Saturday at 8 or Monday at 1?\nCustomer: The latter.\nAI: Perfect, you're on the schedule.")).toMatchObject({
      at: '2027-06-07T18:00:00.000Z',
      settled: true,
    });
    expect(agreed('AI: I have Monday at 10 or Thursday at 10.\nCustomer: Whichever is sooner.\nAI: Thursday it is.')).toMatchObject({
      at: '2027-06-03T15:00:00.000Z',
      settled: true,
    });
  });

  it('books no time for a pick a caller takes back, and no offer for words that only sound like a pick', () => {
    const putOff = agreed(
      'AI: I have Friday at 9 or 1.\nCustomer: The earlier one, probably... actually, let me check with my wife and call you back.',
    );
    expect(putOff?.settled ?? false).toBe(false);
    expect(agreed('AI: I have Friday at 9 or 1.\nCustomer: This is the first time it has leaked.')?.settled ?? false).toBe(false);
  });
});

describe('offers said in few words', () => {
  it('picks by a relation said as better ("Later\'s better") and by an hour said alone ("1." to "Thu 8 or 1?")', () => {
    expect(agreed("AI: Monday I could do 12:30 or 4.\nCustomer: Later's better for me.\nAI: Great, booked.")).toMatchObject({
      at: '2027-06-07T21:00:00.000Z',
      settled: true,
    });
    expect(agreed('AI: Thu 8 or 1?\nCustomer: 1.\nAI: Booked.')).toMatchObject({ at: '2027-06-03T18:00:00.000Z', settled: true });
  });

  it('offers one bare hour said as "I only have 2", and no hour in "I only have 2 techs"', () => {
    expect(
      agreed("Customer: Is Thursday at 10 open?\nAI: Thursday I only have 2.\nCustomer: Ok, that one then.\nAI: You're all set."),
    ).toMatchObject({ at: '2027-06-03T19:00:00.000Z', settled: true });
    const techs = agreed('Customer: Is Thursday open?\nAI: Thursday I only have 2 techs on.\nCustomer: Ok, that one then.');
    expect(techs?.at ?? null).toBeNull();
  });

  it('keeps the offer said after a slot taken with "but ... is open"', () => {
    expect(
      agreed(
        "Customer: Saturday the 5th at 1?\nAI: Saturday's full, but Monday at 1 is open.\nCustomer: Yeah alright, Monday.\nAI: Great, you're in.",
      ),
    ).toMatchObject({ at: '2027-06-07T18:00:00.000Z', settled: true });
    expect(agreed("Customer: Saturday the 5th at 1?\nAI: Saturday's full, but I'll ask the office.")?.at ?? null).toBeNull();
  });
});
