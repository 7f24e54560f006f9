import fc from 'fast-check';
import { normalize, readInbound } from '#shared/domain/sms/revocation';

const action = (body: string) => readInbound(body).action;

describe('revocation as people write it (table of real-world replies)', () => {
  it.each([
    'STOP',
    'stop',
    ' Stop ',
    'stop.',
    'stop!!',
    'STOP please',
    'pls stop',
    'Stop 🙏',
    'STOP TEXTING ME',
    'Stop texting me',
    'please stop sending me these',
    'opt out',
    'opt-out',
    'Opt Out.',
    'OPTOUT',
    'unsubscribe',
    'Unsubscribe me',
    'please unsubscribe',
    'unsubscibe',
    'unsubcribe me pls',
    'STOPALL',
    'stopp',
    'stpo',
    'cancel',
    'Cancel please',
    'cancle',
    'END',
    'quit',
    'revoke',
    'No more texts',
    'no more messages please',
    'Don’t text me again',
    'do not text this number',
    'remove me from your list',
    'take me off your list',
    'leave me alone',
    'Please stop texting me, I sold the house in March',
    'I want to unsubscribe from these messages',
    'alto',
    'ALTO por favor',
    'para',
    'Para ya',
    'no más mensajes',
    'No mas mensajes por favor',
    'no me envíen más mensajes',
    'dejen de enviarme mensajes',
    'quiero darme de baja',
    'basta',
    'no más',
    'Stop. Thanks, John',
    'STOP - Maria',
  ])('%p opts out', (body) => {
    const reading = readInbound(body);
    expect(reading).toMatchObject({ action: 'opted_out', needsReview: false });
    expect(reading.keyword).not.toBeNull();
  });

  it.each([
    ["I can't end up coming Tuesday", 'END'],
    ['Please stop by tomorrow', 'STOP'],
    ['Can we cancel my appointment on Friday?', 'CANCEL'],
    ['The leak did not stop after your visit', 'STOP'],
    ['my furnace quit again last night', 'QUIT'],
    ["don't stop", 'STOP'],
    ['Stop by at noon', 'STOP'],
    ['End up late', 'END'],
    ['cancel my visit', 'CANCEL'],
  ])('%p is a reply flagged for review (%s), not an opt-out', (body, keyword) => {
    expect(readInbound(body)).toEqual({ action: 'reply', keyword, needsReview: true });
  });

  it.each(['thanks!', 'yes please come at 3', 'Si, para el martes', 'See you at 10', 'Is the technician on his way?', 'no', 'ok'])(
    '%p is an ordinary reply',
    (body) => {
      expect(readInbound(body)).toEqual({ action: 'reply', keyword: null, needsReview: false });
    },
  );

  it.each(['START', 'yes', 'Unstop', 'start!'])('%p opts back in', (body) => {
    expect(action(body)).toBe('opted_in');
  });

  it.each(['HELP', 'info', 'ayuda?'])('%p asks for help', (body) => {
    expect(action(body)).toBe('help');
  });

  it.each([
    ['Hi {constructor}', null],
    ['constructor', null],
    ['__proto__', null],
    ['toString', null],
    ['hasOwnProperty please', null],
    ['valueOf', null],
    ['stop constructor', 'STOP'],
  ])('%p is an ordinary reply: the names every object inherits are no keywords', (body, keyword) => {
    expect(readInbound(body)).toEqual({ action: 'reply', keyword, needsReview: keyword !== null });
  });
});

/** Text around a keyword that a person adds without changing what the reply means. */
const filler = fc.constantFrom(
  'please',
  'pls',
  'plz',
  'now',
  'thanks',
  'thank you',
  'me',
  'it',
  'all',
  'asap',
  'por favor',
  'ya',
  'gracias',
);
const decoration = fc.constantFrom('', '!', '!!', '.', '...', ' 🙏', ' 😡', '?!', ' 🛑');
const word = fc.constantFrom('stop', 'unsubscribe', 'cancel', 'quit', 'end', 'revoke', 'opt out', 'opt-out', 'stopall', 'alto');
/** Random upper and lower case, letter by letter. */
const anyCase = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((upper) => [...text].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join(''));

describe('revocation phrasings (generated)', () => {
  it('a revocation word with filler before and after, any case, punctuation or emoji, opts out', () => {
    fc.assert(
      fc.property(
        fc.array(filler, { maxLength: 2 }),
        word.chain(anyCase),
        fc.array(filler, { maxLength: 2 }),
        decoration,
        (before, keyword, after, end) => {
          const body = [...before, keyword, ...after].join(' ') + end;
          expect(readInbound(body)).toMatchObject({ action: 'opted_out', needsReview: false });
        },
      ),
    );
  });

  it('"stop texting me" and "no more texts" opt out inside any longer message', () => {
    const phrase = fc.constantFrom('stop texting me', 'no more texts', 'unsubscribe', 'opt out', 'do not text me', 'no más mensajes');
    const sentence = fc.array(fc.constantFrom('we', 'moved', 'out', 'of', 'the', 'house', 'last', 'year', 'thanks', 'so'), {
      maxLength: 12,
    });
    fc.assert(
      fc.property(sentence, phrase.chain(anyCase), sentence, (before, p, after) => {
        expect(action([...before, p, ...after].join(' '))).toBe('opted_out');
      }),
    );
  });

  it('a revocation word beside other content is never an opt-out by itself: it is flagged', () => {
    const content = fc.constantFrom('by', 'tomorrow', 'tuesday', 'appointment', 'leak', 'up', 'coming', 'furnace', 'at', '3pm');
    const ambiguous = fc.constantFrom('stop', 'end', 'cancel', 'quit');
    fc.assert(
      fc.property(fc.array(content, { minLength: 1, maxLength: 6 }), ambiguous, fc.nat(6), (others, keyword, at) => {
        const words: string[] = [...others];
        words.splice(Math.min(at, words.length), 0, keyword);
        const text = words.join(' ');
        // "stop texting", "end messaging": excluded by the content words above.
        expect(readInbound(text)).toMatchObject({ action: 'reply', needsReview: true });
      }),
    );
  });

  it('never throws and always answers one of the four actions, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: 'grapheme' }), (body) => {
        const reading = readInbound(body);
        expect(['opted_out', 'opted_in', 'help', 'reply']).toContain(reading.action);
        if (reading.needsReview) expect(reading.action).toBe('reply');
        expect(reading.keyword === null || typeof reading.keyword === 'string').toBe(true);
      }),
    );
  });

  it('reads the names every object inherits as plain words, wherever they sit in the text', () => {
    const inherited = fc.constantFrom(
      'constructor',
      '__proto__',
      'toString',
      'valueOf',
      'hasOwnProperty',
      'isPrototypeOf',
      '__defineGetter__',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(inherited, filler, word), { minLength: 1, maxLength: 6 }), decoration, (words, end) => {
        const reading = readInbound(`${words.join(' ')}${end}`);
        expect(reading.keyword === null || typeof reading.keyword === 'string').toBe(true);
      }),
    );
  });

  it('case, accents, emoji and punctuation do not change the reading', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), decoration, (body, end) => {
        expect(normalize(body.toUpperCase() + end)).toBe(normalize(body.toLowerCase()));
      }),
    );
  });
});
