import { RuleBasedResponder } from '#shared/domain/voice/responder';
import { callOfTranscript } from '../../../../support/call-fixture';
import { team } from '../../../../support/intake-fakes';

const CHICAGO = 'America/Chicago';
/** Tuesday 2027-01-12 09:30 in Chicago. */
const CALL_TIME = new Date('2027-01-12T15:30:00Z');
const at = (local: string) => new Date(`${local}-06:00`).toISOString();

const decide = (transcript: string) =>
  new RuleBasedResponder().decide(callOfTranscript(transcript), team({ id: 1, timezone: CHICAGO }), CALL_TIME, {});

/** Calls as a speech recognizer writes them: lowercase, no punctuation, contractions without apostrophes, numbers as words. */
describe('the responder reading a transcript as speech-to-text writes it', () => {
  it('reads help sent in a contraction written without its apostrophe, and not without the promise', async () => {
    const sent = await decide(
      'bot: lakeview heating\nuser: theres smoke coming out of the dryer\nbot: get out of the room im sending a tech right now',
    );
    expect(sent.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
    expect(sent.ticket).toMatchObject({ category: 'urgent_request', priority: 'urgent' });
    const advised = await decide(
      'bot: lakeview heating\nuser: theres smoke coming out of the dryer\nbot: get out of the room and call nine one one',
    );
    expect(advised.appointment).toBeNull();
    expect(advised.ticket).toMatchObject({ category: 'urgent_request' });
  });

  it('books nothing on opening hours said as a range in words, and books an hour said alone', async () => {
    const hours = await decide(
      "assistant: summit plumbing how can i help\nuser: what time do you close on saturday\nassistant: on saturdays we're open nine to noon\nuser: ok thanks bye",
    );
    expect(hours.appointment).toBeNull();
    const noon = await decide(
      'assistant: prairie plumbing\ncustomer: i need my water heater flushed\nassistant: how about thursday at noon\ncustomer: noon thursday is perfect',
    );
    expect(noon.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-01-14T12:00:00') });
  });
});

describe('the responder reading acts said without a stop between them', () => {
  it('keeps the offer said after a slot taken, and books it on a bare "booked" with its time', async () => {
    const decision = await decide(
      'bot: summit plumbing\nuser: can you come tomorrow at two to fix a running toilet\nbot: two is taken i can do tomorrow at four\nuser: fours fine\nbot: booked tomorrow at four',
    );
    expect(decision.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-01-13T16:00:00') });
    const taken = await decide(
      'bot: summit plumbing\nuser: can you come tomorrow at two to fix a running toilet\nbot: two is taken\nuser: ok',
    );
    expect(taken.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
  });

  it('books the hour agreed, not a house number that sounds like a time', async () => {
    const decision = await decide(
      "assistant: summit plumbing\nuser: i'm calling for my dad he lives at twelve thirty four oak street his toilet is leaking can someone go over\nassistant: monday at nine\nuser: perfect\nassistant: booked monday at nine at twelve thirty four oak street",
    );
    expect(decision.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-01-18T09:00:00') });
  });

  it('reads no "we\'re booked up" as a confirmation', async () => {
    const decision = await decide(
      "assistant: volt electric\nuser: i need an outlet fixed can you come friday at two\nassistant: we're booked up friday at two sorry",
    );
    expect(decision.appointment?.scheduledFor ?? null).toBeNull();
  });
});

describe('the responder on calls cut off', () => {
  it('keeps the visit requested when the call drops before the caller answers an offer, and books it when the caller took it', async () => {
    const dropped = await decide(
      'AI: prairie plumbing\nUser: i need a new hose bib put on the back of the house\nAI: sure i have thursday at eight or',
    );
    expect(dropped.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
    const taken = await decide(
      'AI: prairie plumbing\nUser: my kitchen faucet is loose i need someone to fix it\nAI: i can do friday at ten\nUser: friday at ten works\nAI: great so thats friday at ten at the address on',
    );
    expect(taken.appointment).toMatchObject({ status: 'scheduled', scheduledFor: at('2027-01-15T10:00:00') });
  });
});
