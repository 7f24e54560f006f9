import fc from 'fast-check';
import { readAppointmentReply } from '#shared/domain/appointment-texts/reply-reading';
import { readInbound } from '#shared/domain/sms/revocation';

const runs = { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) };

describe('reading a reply to an appointment text', () => {
  it.each([
    'C',
    'c',
    'C.',
    'confirm',
    'Confirm!',
    'CONFIRMED',
    'yes',
    'Yes please',
    'Y',
    'y',
    'sí',
    'Si',
    'SÍ gracias',
    '👍',
    '👍🏽',
    'C 👍',
    'ok confirm',
    'yes, thanks',
  ])('%j confirms', (body) => expect(readAppointmentReply(body)).toBe('confirm'));

  it.each(['R', 'r', 'R.', 'reschedule', 'Reschedule please', 'change', 'CHANGE'])('%j asks for another time', (body) =>
    expect(readAppointmentReply(body)).toBe('reschedule'),
  );

  it.each(['STOP', 'stop please', 'cancel', 'CANCEL', 'Cancel please', 'unsubscribe', 'opt out', 'No more texts', 'alto'])(
    '%j opts out, as for any text: an opt-out word never touches the visit',
    (body) => expect(readAppointmentReply(body)).toBe('opt_out'),
  );

  it.each(['HELP', 'START', 'unstop'])('%j keeps its keyword meaning', (body) => expect(readAppointmentReply(body)).toBe('keyword'));

  it.each([
    'Can we cancel Friday?',
    'yes but can you come at 3?',
    'Is the plumber bringing the part?',
    'R u coming today',
    'C you then',
    '',
    '👍 but later please',
    '🙂',
  ])('%j is for the business’s staff', (body) => expect(readAppointmentReply(body)).toBe('other'));

  it('lets the opt-out reading win over every other one (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (body) => {
        const optedOut = readInbound(body).action === 'opted_out';
        expect(readAppointmentReply(body) === 'opt_out').toBe(optedOut);
      }),
      runs,
    );
  });

  it('reads a choice in any case, with punctuation, spaces and polite words around it (property)', () => {
    const cased = (word: string) =>
      fc
        .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
        .map((upper) => [...word].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch)).join(''));
    const around = fc.constantFrom('', ' ', '!', '.', '  ', ', ', '!!', '?');
    const polite = fc.constantFrom('', 'please ', 'thanks ', 'ok ');
    const choice = (words: string[]) =>
      fc.tuple(polite, fc.constantFrom(...words).chain(cased), around, fc.constantFrom('', ' thank you', ' pls')).map((p) => p.join(''));
    fc.assert(
      fc.property(choice(['c', 'confirm', 'yes', 'y', 'sí']), (body) => expect(readAppointmentReply(body)).toBe('confirm')),
      runs,
    );
    fc.assert(
      fc.property(choice(['r', 'reschedule', 'change']), (body) => expect(readAppointmentReply(body)).toBe('reschedule')),
      runs,
    );
  });

  it('answers any text, never throws, and takes a text longer than a choice for staff (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (body) => {
        const intent = readAppointmentReply(body);
        expect(['opt_out', 'keyword', 'confirm', 'reschedule', 'other']).toContain(intent);
      }),
      runs,
    );
    fc.assert(
      fc.property(fc.constantFrom('yes', 'C', 'R', 'change'), fc.constantFrom('tomorrow', 'the leak is worse', 'at 3pm'), (word, rest) =>
        expect(readAppointmentReply(`${word} ${rest}`)).toBe('other'),
      ),
      runs,
    );
  });
});
