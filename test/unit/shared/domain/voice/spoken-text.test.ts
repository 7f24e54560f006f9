import fc from 'fast-check';
import { withApostrophes } from '#shared/domain/voice/spoken-text';

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
