import fc from 'fast-check';
import { callerFeatures, wordsOf } from '#shared/domain/voice/call-features';

describe("the features of a caller's words", () => {
  it('marks the words a negation or a hedge governs', () => {
    const features = callerFeatures(["I don't smell gas anywhere.", 'We might want a new thermostat.']);
    expect(features).toEqual(expect.arrayContaining(['not:smell', 'not:gas', "don't smell", 'hedge:want', 'hedge:new']));
    expect(features).not.toContain('gas');
  });

  it('reads cold and hot temperatures, someone vulnerable and a question', () => {
    expect(callerFeatures(["It's 48 degrees in here and we have a newborn."])).toEqual(expect.arrayContaining(['#cold', '#vulnerable']));
    expect(callerFeatures(['It is 101 degrees inside. Can you come?'])).toEqual(expect.arrayContaining(['#hot', '#question']));
    expect(callerFeatures(['It is 72 degrees.'])).not.toEqual(expect.arrayContaining(['#cold']));
  });

  it('keeps Spanish letters and apostrophes in words', () => {
    expect(wordsOf("Mañana no, it's fine")).toEqual(['mañana', 'no', "it's", 'fine']);
  });

  it('gives each feature once, for any text', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 60 }), { maxLength: 5 }), (lines) => {
        const features = callerFeatures(lines);
        expect(new Set(features).size).toBe(features.length);
      }),
    );
  });
});
