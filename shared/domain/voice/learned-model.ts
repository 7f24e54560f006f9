import { callerFeatures } from './call-features';
import { URGENCY_MODEL_JSON } from './learned-model-data';

/**
 * The learned part of the responder: a logistic regression over the caller's features
 * (call-features.ts) that reads an emergency. Trained by
 * bin/train-responder-model.ts on the labelled sets in the repository (never on the frozen
 * unseen set) and rebuilt deterministically; test/unit/bin/responder-model-training.test.ts fails
 * when the committed weights differ from a rebuild. The rules decide first: a model only speaks
 * where the rules found nothing, and only when it is sure (docs/voice-responder.md). A model of
 * the visit wanted was tried the same way and left out: trained on the other sets, it booked
 * visits nobody asked for on the development set (docs/adr/0156-a-learned-urgency-backstop.md).
 */

export interface LearnedModel {
  readonly bias: number;
  readonly weights: Readonly<Record<string, number>>;
}

/** How sure the model must be to speak where the rules are silent. */
export const MODEL_THRESHOLD = 0.75;

let urgent: LearnedModel | null = null;
const loaded = (): LearnedModel => {
  urgent ??= JSON.parse(URGENCY_MODEL_JSON) as LearnedModel;
  return urgent;
};

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** The model's probability for features, and the features that pushed it most, strongest first. */
export function scoreFeatures(model: LearnedModel, features: readonly string[]): { probability: number; strongest: string[] } {
  let sum = model.bias;
  const pushes: [string, number][] = [];
  for (const f of features) {
    const w = model.weights[f];
    if (w === undefined) continue;
    sum += w;
    if (w > 0) pushes.push([f, w]);
  }
  pushes.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return { probability: sigmoid(sum), strongest: pushes.slice(0, 4).map(([f]) => f) };
}

export interface LearnedFinding {
  readonly probability: number;
  /** The caller's sentences that hold the strongest features, quoted. */
  readonly evidence: string[];
  readonly reason: string;
}

/** An emergency the model reads in the caller's sentences when it is sure; null otherwise. */
export function learnedEmergency(caller: readonly string[]): LearnedFinding | null {
  const { probability, strongest } = scoreFeatures(loaded(), callerFeatures(caller));
  if (probability < MODEL_THRESHOLD) return null;
  const words = strongest.map((f) => f.replace(/^(not|hedge):/, '')).filter((f) => !f.startsWith('#') && f.length >= 3);
  const evidence = caller.filter((line) => words.some((w) => line.toLowerCase().includes(w))).slice(0, 3);
  if (evidence.length === 0) return null;
  const reason = `the learned model reads an emergency (${Math.round(probability * 100)}%, from "${strongest.join('", "')}")`;
  return { probability, evidence, reason };
}
