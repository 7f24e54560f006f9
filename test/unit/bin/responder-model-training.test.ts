import * as path from 'node:path';
import { scoreFeatures } from '#shared/domain/voice/learned-model';
import { URGENCY_MODEL_JSON } from '#shared/domain/voice/learned-model-data';
import { buildUrgencyModel, callerSentences, loadExamples, TRAINING_SETS, train } from '../../../bin/responder-model-training';

const ROOT = path.resolve(__dirname, '..', '..', '..');

describe('the responder model training', () => {
  it('rebuilds the committed urgency model to the digit (run `npx tsx bin/train-responder-model.ts` after changing a set)', () => {
    expect(buildUrgencyModel(ROOT)).toEqual(JSON.parse(URGENCY_MODEL_JSON));
  });

  it('never trains on the frozen unseen set', () => {
    expect(TRAINING_SETS.some((set) => set.includes('unseen'))).toBe(false);
    expect(new Set(loadExamples(ROOT).map((e) => e.set))).toEqual(new Set(TRAINING_SETS));
  });

  it("reads only the caller's sentences", () => {
    expect(callerSentences('AI: The gas leak line is 911.\nCustomer: My faucet drips. Can you come?')).toEqual([
      'My faucet drips.',
      'Can you come?',
    ]);
  });

  it('learns a feature that marks the label and one that marks its absence', () => {
    const example = (features: string[], urgent: boolean) => ({ set: 's', features, urgent, visit: false });
    const examples = [
      example(['gas', 'smell'], true),
      example(['gas', 'smell', 'basement'], true),
      example(['faucet', 'drips'], false),
      example(['faucet', 'drips', 'basement'], false),
    ];
    const model = train(examples, 'urgent');
    expect(model.weights.gas).toBeGreaterThan(0);
    expect(model.weights.faucet).toBeLessThan(0);
    expect(scoreFeatures(model, ['gas', 'smell']).probability).toBeGreaterThan(scoreFeatures(model, ['faucet', 'drips']).probability);
  });
});
