import fc from 'fast-check';
import { agreedTimeOfTurns } from '#shared/domain/voice/conversation-times';
import type { TimeMention } from '#shared/domain/voice/requested-time';
import { offsetMention } from '#shared/domain/voice/time-offsets';
import { turnsFromText } from '#shared/domain/voice/transcript-turns';

const CHICAGO = 'America/Chicago';
/** Wednesday 2027-04-21 09:40 in Chicago (CDT, UTC-5). */
const CALL_TIME = new Date('2027-04-21T14:40:00Z');
const mondayAt9: TimeMention = { at: '2027-04-26T14:00:00.000Z', date: '2027-04-26', phrase: 'Monday at 9', index: 0 };
const tuesdayAt1: TimeMention = { at: '2027-04-27T18:00:00.000Z', date: '2027-04-27', phrase: 'Tuesday at 1', index: 0 };

const agreed = (transcript: string) => agreedTimeOfTurns(turnsFromText(transcript), CHICAGO, CALL_TIME);

describe('a time said as an offset from one named before', () => {
  it('moves the last time named by the hours or minutes said', () => {
    expect(offsetMention('Could he come an hour later than that?', [], mondayAt9, CHICAGO)?.at).toBe('2027-04-26T15:00:00.000Z');
    expect(offsetMention('Half an hour earlier would be better.', [], mondayAt9, CHICAGO)?.at).toBe('2027-04-26T13:30:00.000Z');
  });

  it('counts from a time said with the offset before the last one named', () => {
    const found = offsetMention('Could he come two hours after the inspection at 1?', [tuesdayAt1], mondayAt9, CHICAGO);
    expect(found?.at).toBe('2027-04-27T20:00:00.000Z');
  });

  it('reads the following weekday and the day after, keeping the hour on "same time" only', () => {
    expect(offsetMention('Not this Monday, the following Monday, same time.', [], mondayAt9, CHICAGO)).toMatchObject({
      at: '2027-05-03T14:00:00.000Z',
      date: '2027-05-03',
    });
    expect(offsetMention('What about the day after that, same time?', [], mondayAt9, CHICAGO)?.at).toBe('2027-04-27T14:00:00.000Z');
    expect(offsetMention('What about the day after that?', [], mondayAt9, CHICAGO)).toMatchObject({ at: null, date: '2027-04-27' });
    expect(offsetMention('Same time next week?', [], mondayAt9, CHICAGO)?.at).toBe('2027-05-03T14:00:00.000Z');
    expect(offsetMention('Could we do a week from then, same time?', [], mondayAt9, CHICAGO)?.at).toBe('2027-05-03T14:00:00.000Z');
  });

  it('reads a day said with "same time" at the hour named, and not "same time as last time"', () => {
    const tuesday: TimeMention = { at: null, date: '2027-04-27', phrase: 'Tuesday', index: 0 };
    expect(offsetMention('Move it to Tuesday, same time.', [tuesday], mondayAt9, CHICAGO)?.at).toBe('2027-04-27T14:00:00.000Z');
    expect(offsetMention('Tuesday, same time as last time?', [tuesday], mondayAt9, CHICAGO)).toBeNull();
  });

  it('names nothing without a time to count from, for the time of a call, or without an offset', () => {
    expect(offsetMention('Could he come an hour later?', [], null, CHICAGO)).toBeNull();
    expect(offsetMention("He'll call you an hour before.", [], mondayAt9, CHICAGO)).toBeNull();
    expect(offsetMention('Monday at 9 works.', [], mondayAt9, CHICAGO)).toBeNull();
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.boolean(), (text, named) => {
        expect(() => offsetMention(text, [], named ? mondayAt9 : null, CHICAGO)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

describe('an offset in the turns', () => {
  it('books the offset the assistant takes, not the offer it counts from nor the reason told after it', () => {
    const later = agreed(
      "AI: I have Monday at 9.\nCustomer: Could he come an hour later than that? Traffic's awful at 9.\nAI: Sure, we can do that. You're booked.",
    );
    expect(later).toMatchObject({ at: '2027-04-26T15:00:00.000Z', settled: true });
    const following = agreed(
      "AI: This Monday at 10 is open.\nCustomer: Not this Monday, the following Monday, same time.\nAI: Okay, the following Monday at 10, you're booked.",
    );
    expect(following).toMatchObject({ at: '2027-05-03T15:00:00.000Z', settled: true });
  });

  it('counts the day after from a time declined, and books the offer itself when no offset is said', () => {
    const after = agreed(
      "AI: I have tomorrow at 1.\nCustomer: Tomorrow I can't. What about the day after that, same time?\nAI: Yes, we can do that. You're all set.",
    );
    expect(after).toMatchObject({ at: '2027-04-23T18:00:00.000Z', settled: true });
    expect(agreed("AI: I have tomorrow at 1.\nCustomer: Tomorrow at 1 works.\nAI: You're all set.")).toMatchObject({
      at: '2027-04-22T18:00:00.000Z',
    });
  });

  it('reads a reschedule whose day is corrected after a dash, at the hour of the booking moved', () => {
    const moved = agreed(
      'Customer: I have an appointment Friday at 9, I need to move it to Monday— no, Tuesday, same time.\nAI: No problem, I moved you to Tuesday at 9.',
    );
    expect(moved).toMatchObject({ at: '2027-04-27T14:00:00.000Z', settled: true });
  });

  it('gives a day said against another ("I said Thursday, not Tuesday") the hour named, and a day said alone none', () => {
    const tuesday: TimeMention = { at: null, date: '2027-04-27', phrase: 'Tuesday', index: 0 };
    expect(offsetMention('I said Tuesday, not Monday.', [tuesday], mondayAt9, CHICAGO)?.at).toBe('2027-04-27T14:00:00.000Z');
    expect(offsetMention('Tuesday would be better.', [tuesday], mondayAt9, CHICAGO)).toBeNull();
    const corrected = agreed(
      "Customer: Can I get someone at 10 on Thursday?\nAI: Okay, Tuesday at 10.\nCustomer: I said Thursday, not Tuesday.\nAI: Sorry! Thursday it is, you're booked.",
    );
    expect(corrected).toMatchObject({ at: '2027-04-22T15:00:00.000Z', settled: true });
  });
});
