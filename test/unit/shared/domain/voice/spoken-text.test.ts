import fc from 'fast-check';
import { sentencesOf, withApostrophes } from '#shared/domain/voice/spoken-text';

describe('contractions speech-to-text wrote without their apostrophe', () => {
  it('puts the apostrophe back in words that are no other word, keeping a capital', () => {
    expect(withApostrophes('im sending a tech right now youre all set')).toBe("i'm sending a tech right now you're all set");
    expect(withApostrophes('Dont worry, theres no charge and it doesnt matter')).toBe(
      "Don't worry, there's no charge and it doesn't matter",
    );
  });

  it('reads "its", "ill" and "well" as contractions only where what follows makes them one', () => {
    expect(withApostrophes('its not cooling and ill send someone well call you back')).toBe(
      "it's not cooling and i'll send someone we'll call you back",
    );
    expect(withApostrophes('the furnace and its filter, my son is ill, it works well')).toBe(
      'the furnace and its filter, my son is ill, it works well',
    );
  });

  it('leaves text with its apostrophes, or without any contraction, as it was', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z' ]{0,60}$/), (text) => {
        const once = withApostrophes(text);
        expect(withApostrophes(once)).toBe(once);
        if (!/\b(im|ive|youre|youll|youve|hes|shes|theyre|theyll|thats|theres|whats|\w+nt|its|ill|well)\b/.test(text))
          expect(once).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});

describe("a turn's sentences", () => {
  it('keeps an hour in a.m. or p.m. with the day after it, and ends a sentence after one before another sentence', () => {
    expect(sentencesOf('I have 9:00 a.m. Monday. Does that work?')).toEqual(['I have 9:00 a.m. Monday.', 'Does that work?']);
    expect(sentencesOf('See you at 9 a.m. Thanks again!')).toEqual(['See you at 9 a.m.', 'Thanks again!']);
    expect(sentencesOf('Okay.\n\n¿Le queda bien?  Sí.')).toEqual(['Okay.', '¿Le queda bien?', 'Sí.']);
  });

  it('never throws and loses no word of arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const words = (t: string) => t.split(/\s+/).filter((w) => w.length > 0);
        expect(sentencesOf(text).flatMap(words)).toEqual(words(text));
      }),
      { numRuns: 300 },
    );
  });
});
