import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { callerFeatures } from '#shared/domain/voice/call-features';
import type { LearnedModel } from '#shared/domain/voice/learned-model';
import { asWritten } from '#shared/domain/voice/spoken-text';
import { transcriptTurns } from '#shared/domain/voice/transcript-turns';

/**
 * Training of the responder's learned model (shared/domain/voice/learned-model.ts): L2-regularized
 * logistic regression by full-batch gradient descent from zero weights, a fixed number of steps,
 * features in sorted order, so a rebuild gives the same weights to the digit. Trained on the
 * labelled sets that are tuned on (never the frozen unseen set).
 */

/** The sets trained on. `labelled-calls.unseen.json` is never read here. */
export const TRAINING_SETS = [
  'labelled-calls.json',
  'labelled-calls.held-out.json',
  'labelled-calls.dev.json',
  'labelled-calls.probe.json',
  'labelled-calls.probe2.json',
  'labelled-calls.probe3.json',
  'labelled-calls.probe4.json',
  'labelled-calls.probe5.json',
  'labelled-calls.probe6.json',
  'labelled-calls.probe7.json',
  'labelled-calls.probe8.json',
  'labelled-calls.probe9.json',
  'labelled-calls.probe10.json',
];

export interface Example {
  readonly set: string;
  readonly features: readonly string[];
  readonly urgent: boolean;
  readonly visit: boolean;
}

interface LabelledFile {
  readonly calls: readonly {
    readonly transcript: string;
    readonly expected: { readonly appointment: unknown; readonly ticket: null | { readonly category: string } };
  }[];
}

const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?¿¡])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

/** The caller's sentences of a transcript, as the responder reads them. */
export function callerSentences(transcript: string): string[] {
  const turns = transcriptTurns(null, transcript);
  return (turns.length > 0 ? turns.filter((t) => t.speaker === 'customer').map((t) => t.text) : [transcript])
    .map(asWritten)
    .flatMap(sentencesOf);
}

export function loadExamples(root: string, sets: readonly string[] = TRAINING_SETS): Example[] {
  return sets.flatMap((set) => {
    const file = JSON.parse(readFileSync(path.join(root, 'test', 'fixtures', 'responder', set), 'utf8')) as LabelledFile;
    return file.calls.map((call) => ({
      set,
      features: callerFeatures(callerSentences(call.transcript)),
      urgent: call.expected.ticket?.category === 'urgent_request',
      visit: call.expected.appointment !== null,
    }));
  });
}

const STEPS = 1500;
const RATE = 0.5;
const L2 = 0.002;
/** Features seen in fewer calls are dropped: one call's words are its own, not a pattern. */
const MIN_CALLS = 2;

const round = (n: number) => Math.round(n * 1e4) / 1e4;

export function train(examples: readonly Example[], label: 'urgent' | 'visit'): LearnedModel {
  const counts = new Map<string, number>();
  for (const e of examples) for (const f of e.features) counts.set(f, (counts.get(f) ?? 0) + 1);
  const vocabulary = [...counts]
    .filter(([, n]) => n >= MIN_CALLS)
    .map(([f]) => f)
    .sort();
  const index = new Map(vocabulary.map((f, i) => [f, i]));
  const rows = examples.map((e) => e.features.flatMap((f) => (index.has(f) ? [index.get(f) as number] : [])).sort((a, b) => a - b));
  const ys = examples.map((e) => (e[label] ? 1 : 0));
  const w = new Float64Array(vocabulary.length);
  let bias = 0;
  for (let step = 0; step < STEPS; step++) {
    const grad = new Float64Array(vocabulary.length);
    let gradBias = 0;
    rows.forEach((row, i) => {
      let z = bias;
      for (const j of row) z += w[j] as number;
      const err = 1 / (1 + Math.exp(-z)) - (ys[i] as number);
      gradBias += err;
      for (const j of row) grad[j] = (grad[j] as number) + err;
    });
    const n = rows.length;
    bias -= (RATE * gradBias) / n;
    for (let j = 0; j < w.length; j++) w[j] = (w[j] as number) - RATE * ((grad[j] as number) / n + L2 * (w[j] as number));
  }
  const weights: Record<string, number> = {};
  vocabulary.forEach((f, j) => {
    const value = round(w[j] as number);
    if (Math.abs(value) >= 0.01) weights[f] = value;
  });
  return { bias: round(bias), weights };
}

/** The urgency model, trained on every training set. */
export function buildUrgencyModel(root: string): LearnedModel {
  return train(loadExamples(root), 'urgent');
}
