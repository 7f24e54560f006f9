import type { NormalizedCall } from '#shared/domain/voice/call-report';
import { RuleBasedResponder } from '#shared/domain/voice/responder';
import { transcriptTurns } from '#shared/domain/voice/transcript-turns';
import { team } from '../../../../support/intake-fakes';

const CHICAGO = 'America/Chicago';
/** Tuesday 2027-01-12 09:30 in Chicago. */
const CALL_TIME = new Date('2027-01-12T15:30:00Z');
const at = (local: string) => new Date(`${local}-06:00`).toISOString();

function callOf(transcript: string): NormalizedCall {
  return {
    providerCallId: 'c',
    type: 'inboundPhoneCall',
    customerNumber: null,
    customerName: null,
    durationSeconds: 60,
    transcript,
    turns: transcriptTurns(null, transcript),
    summary: null,
    recordingUrl: null,
    analysis: { callReason: null, sentiment: null, bookingIntent: null, urgency: null },
    analysisRaw: null,
    warnings: [],
    endedReason: null,
    destination: null,
    startedAt: null,
    endedAt: null,
    cost: null,
    metadata: {},
  };
}

const decide = (transcript: string) =>
  new RuleBasedResponder().decide(callOf(transcript), team({ id: 1, timezone: CHICAGO }), CALL_TIME, {});

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
