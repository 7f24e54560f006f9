import { learnedEmergency, MODEL_THRESHOLD, scoreFeatures } from '#shared/domain/voice/learned-model';

describe('the learned urgency model', () => {
  it('scores by its bias and the weights of the features present, strongest pushes first', () => {
    const model = { bias: -1, weights: { gas: 2, smell: 1.5, faucet: -2 } };
    const scored = scoreFeatures(model, ['smell', 'gas', 'unknown']);
    expect(scored.probability).toBeCloseTo(1 / (1 + Math.exp(-2.5)), 10);
    expect(scored.strongest).toEqual(['gas', 'smell']);
    expect(scoreFeatures(model, []).probability).toBeCloseTo(1 / (1 + Math.exp(1)), 10);
  });

  it('speaks only when sure, quoting the sentences its strongest words are in', () => {
    const found = learnedEmergency(['Water is everywhere in the basement and it is still rising, inches deep.', 'Please hurry.']);
    expect(found?.probability).toBeGreaterThanOrEqual(MODEL_THRESHOLD);
    expect(found?.evidence.length).toBeGreaterThan(0);
    for (const quote of found?.evidence ?? [])
      expect(['Water is everywhere in the basement and it is still rising, inches deep.', 'Please hurry.']).toContain(quote);
    expect(learnedEmergency(['What time do you close on Saturdays?'])).toBeNull();
  });
});
