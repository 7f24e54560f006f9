import { RuleBasedResponder } from '#shared/domain/voice/responder';
import { callOfTranscript } from '../../../../support/call-fixture';
import { team } from '../../../../support/intake-fakes';

/** Thursday 2027-03-11 10:00 in Denver (MST), the week before the clock change of Sunday 14 March. */
const CALL_TIME = new Date('2027-03-11T17:00:00Z');

const decide = (transcript: string, timezone = 'America/Denver', callTime = CALL_TIME) =>
  new RuleBasedResponder().decide(callOfTranscript(transcript), team({ id: 1, timezone }), callTime, {});

describe('the responder on the calendar and locale of an agreed time', () => {
  it('books a visit agreed the week before a clock change at the wall clock after it, and Phoenix at its one offset', async () => {
    const transcript =
      'AI: Front Range Air.\nCustomer: My AC barely cools.\nAI: I can have a tech there Monday at 9.\nCustomer: Monday at 9 works.';
    // 9:00 MDT (UTC-6) in Denver after the change; 9:00 MST (UTC-7) all year in Phoenix.
    expect((await decide(transcript)).appointment).toMatchObject({ status: 'scheduled', scheduledFor: '2027-03-15T15:00:00.000Z' });
    expect((await decide(transcript, 'America/Phoenix')).appointment).toMatchObject({
      status: 'scheduled',
      scheduledFor: '2027-03-15T16:00:00.000Z',
    });
  });

  it("reads tomorrow from the call's local day when its UTC day is already the next", async () => {
    const lateInLosAngeles = new Date('2027-03-12T06:30:00Z');
    const decision = await decide(
      'AI: Front Range Air.\nCustomer: Sorry to call so late, the bathroom fan stopped.\nAI: I have tomorrow at 10.\nCustomer: Tomorrow at 10 works.',
      'America/Los_Angeles',
      lateInLosAngeles,
    );
    expect(decision.appointment).toMatchObject({ status: 'scheduled', scheduledFor: '2027-03-12T18:00:00.000Z' });
  });

  it('reads a plumber sent "in an hour" as a visit without a time, and one already an hour out as no new visit', async () => {
    const sent = await decide(
      'AI: Front Range Plumbing.\nCustomer: Our only toilet is clogged.\nAI: I can have a plumber there in an hour.\nCustomer: Great, thank you.',
    );
    expect(sent.appointment).toMatchObject({ status: 'requested', scheduledFor: null });
    const coming = await decide(
      "AI: Front Range Plumbing.\nCustomer: Is the plumber still coming today?\nAI: Yes, he's about an hour out.\nCustomer: Okay.",
    );
    expect(coming.appointment).toBeNull();
  });

  it('reads "lo pienso" after a price as declining the visit, and "sí, perfecto" to an offer as taking it', async () => {
    const weighed = await decide(
      'AI: Front Range Plumbing.\nCustomer: ¿Cuánto cobran por revisar un calentador? ¿Tienen algo mañana a las diez?\nAI: La visita cuesta 89 dólares. Mañana a las diez tenemos lugar.\nCustomer: Ok, lo pienso y le llamo. Gracias.',
    );
    expect(weighed.appointment).toBeNull();
    const taken = await decide(
      'AI: Front Range Plumbing.\nCustomer: El termostato no responde.\nAI: ¿Le queda bien el lunes a cuarto para las cinco?\nCustomer: Sí, perfecto.',
    );
    expect(taken.appointment).toMatchObject({ status: 'scheduled', scheduledFor: '2027-03-15T22:45:00.000Z' });
  });

  it('books the first Monday of next month on its date, and a Spanish date with its month', async () => {
    const firstMonday = await decide(
      'AI: Front Range Plumbing.\nCustomer: I want a water filter installed.\nAI: I can do the first Monday of next month at 9.\nCustomer: Sure, that works.',
    );
    expect(firstMonday.appointment).toMatchObject({ status: 'scheduled', scheduledFor: '2027-04-05T15:00:00.000Z' });
    const april = await decide(
      'AI: Front Range Plumbing.\nCustomer: Quiero cambiar la llave del jardín.\nAI: ¿Qué tal el primero de abril a las diez?\nCustomer: Sí, el primero de abril a las diez.\nAI: Queda agendado.',
    );
    expect(april.appointment).toMatchObject({ status: 'scheduled', scheduledFor: '2027-04-01T16:00:00.000Z' });
  });

  it('reads a word ending in an accent as a word: a bare "Sí." takes an offer, "no me queda" declines it, a reminder takes none', async () => {
    const offer = (answer: string) =>
      `AI: Front Range Air.\nCustomer: Hola, el aire no enfría bien.\nAI: El martes a las cinco. ¿Le queda?\nCustomer: ${answer}`;
    expect((await decide(offer('Sí.'))).appointment).toMatchObject({ status: 'scheduled', scheduledFor: '2027-03-16T23:00:00.000Z' });
    expect((await decide(offer('Sí, me queda bien.'))).appointment).toMatchObject({ scheduledFor: '2027-03-16T23:00:00.000Z' });
    expect((await decide(offer('No, no me queda.'))).appointment?.scheduledFor ?? null).toBeNull();
    const reminder = await decide(
      'AI: Hola, le llamamos para recordarle que el técnico llega el jueves a las diez.\nCustomer: Sí, gracias.',
    );
    expect(reminder.appointment).toBeNull();
  });

  it('reads a carbon monoxide alarm that "sonó" as an emergency, and one that did not as none', async () => {
    const went = await decide('AI: Front Range Air.\nCustomer: La alarma de monóxido sonó hace rato y me siento mareada.');
    expect(went.ticket).toMatchObject({ category: 'urgent_request' });
    const named = await decide('AI: Front Range Air.\nCustomer: Quiero instalar una alarma de monóxido nueva.');
    expect(named.ticket?.category).not.toBe('urgent_request');
  });

  it('takes an offer answered "me parece bien", and none answered "no me parece"', async () => {
    const offer = (answer: string) =>
      `AI: Front Range Air.\nCustomer: Quiero una revisión del aire.\nAI: ¿Le parece el 2 de abril a las 3 de la tarde?\nCustomer: ${answer}`;
    expect((await decide(offer('Me parece bien.'))).appointment).toMatchObject({
      status: 'scheduled',
      scheduledFor: '2027-04-02T21:00:00.000Z',
    });
    expect((await decide(offer('No, no me parece bien esa fecha.'))).appointment?.scheduledFor ?? null).toBeNull();
  });

  it('reads "I have 9:00 a.m. Monday" as an offer, and "I have 2 techs out Friday" as none', async () => {
    const call = (offer: string) =>
      `AI: Front Range Air.\nCustomer: The furnace bangs when it starts.\nAI: ${offer}\nCustomer: That works.`;
    expect((await decide(call('I have 9:00 a.m. Monday.'))).appointment).toMatchObject({ scheduledFor: '2027-03-15T15:00:00.000Z' });
    expect((await decide(call('I have 2 techs out Friday.'))).appointment?.scheduledFor ?? null).toBeNull();
  });

  it('reads a Spanish caller asking whether a booking "sigue en pie" as a booking already made, not a new visit', async () => {
    const existing = await decide(
      'AI: Front Range Plumbing.\nCustomer: Hola, ya tengo una cita el lunes a las nueve, ¿sigue en pie?\nAI: Sí, sigue en pie, el lunes a las nueve.\nCustomer: Gracias.',
    );
    expect(existing.appointment).toBeNull();
    const fresh = await decide(
      'AI: Front Range Plumbing.\nCustomer: Hola, ¿tienen una cita el lunes a las nueve?\nAI: Sí, el lunes a las nueve.\nCustomer: Gracias.',
    );
    expect(fresh.appointment).toMatchObject({ scheduledFor: '2027-03-15T15:00:00.000Z' });
  });
});
