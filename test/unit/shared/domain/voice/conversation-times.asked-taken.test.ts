import { agreedTimeOfTurns } from '#shared/domain/voice/conversation-times';
import { turnsFromText } from '#shared/domain/voice/transcript-turns';

const CHICAGO = 'America/Chicago';
/** Tuesday 2027-06-01 10:20 in Chicago (UTC-5). */
const CALL_TIME = new Date('2027-06-01T15:20:00Z');

const agreed = (transcript: string) => agreedTimeOfTurns(turnsFromText(transcript), CHICAGO, CALL_TIME);

describe('a time the caller asks whole and the assistant takes in part', () => {
  it('takes the asked time when the assistant names only its day with an assent', () => {
    expect(agreed('Customer: How about Thursday the 3rd at 9 am?\nAI: Thursday works. See you then.')).toMatchObject({
      at: '2027-06-03T14:00:00.000Z',
      settled: true,
    });
    expect(agreed('Customer: Could someone come Friday at 11?\nAI: Friday is open.')).toMatchObject({
      at: '2027-06-04T16:00:00.000Z',
      settled: true,
    });
  });

  it('takes no hour when the assistant holds part of the day back', () => {
    const held = agreed('Customer: How about Thursday the 3rd at 9 am?\nAI: Thursday works, but only in the afternoon.');
    expect(held).toMatchObject({ at: null, date: '2027-06-03' });
    expect(agreed('Customer: Thursday at 9?\nAI: Thursday is not good.')?.at ?? null).toBeNull();
  });
});

describe('the assistant checking before it answers', () => {
  it('reads its plain yes after a check as its first words to the ask', () => {
    expect(
      agreed("Customer: Saturday the 5th at 9 am?\nAI: Hold on, let me see what we've got. We can do that.\nCustomer: Awesome."),
    ).toMatchObject({ at: '2027-06-05T14:00:00.000Z', settled: true });
    expect(agreed('Customer: Is Friday at 10:30 possible?\nAI: One sec, pulling up the calendar. Yep, that works.')).toMatchObject({
      at: '2027-06-04T15:30:00.000Z',
      settled: true,
    });
  });

  it('reads a plain yes said to the caller by name or title, and "we\'re good to go", as agreement', () => {
    expect(agreed("Customer: This coming Saturday, half past nine?\nAI: Yes ma'am, that works.")).toMatchObject({
      at: '2027-06-05T14:30:00.000Z',
      settled: true,
    });
    expect(agreed("Customer: Tomorrow at 4 work for a leaky faucet?\nAI: We're good to go.")).toMatchObject({
      at: '2027-06-02T21:00:00.000Z',
      settled: true,
    });
    expect(agreed("Customer: Tomorrow at 4?\nAI: Yes ma'am, let me ask the tech.")?.settled ?? false).toBe(false);
  });

  it('reads a yes after other words than a check as no agreement to the ask', () => {
    const found = agreed('Customer: Saturday the 5th at 9 am?\nAI: We do attic work all year. We can do that.');
    expect(found).toMatchObject({ at: null, date: '2027-06-05', settled: false });
  });
});

describe('windows among the hours offered', () => {
  it('reads "8 to 10 or 1 to 3" as two windows, so no pick of them books an hour', () => {
    const found = agreed("AI: Friday I have 8 to 10 or 1 to 3.\nCustomer: The first one.\nAI: Great, you're booked Friday in that window.");
    expect(found).toMatchObject({ at: null, date: '2027-06-04' });
  });

  it('still offers bare hours said beside no range', () => {
    expect(agreed('AI: Friday I have 8 or 1.\nCustomer: The first one.')).toMatchObject({ at: '2027-06-04T13:00:00.000Z', settled: true });
  });
});
