/**
 * The features the learned part of the responder reads from a call (urgency-model.ts): the
 * caller's words, lower-cased, each marked when a negation or a hedge governs it ("no gas" →
 * `not:gas`, "might need" → `hedge:need`), pairs of neighbouring words, and a few features of
 * meaning the words alone hide: a temperature that is cold (≤ 55 °F) or hot (≥ 95 °F), someone
 * vulnerable in the house, and whether the caller asks a question. Pure and cheap: no library.
 */

const NEGATION = /^(no|not|never|don't|doesn't|didn't|isn't|wasn't|aren't|won't|can't|nothing|without|ni|nunca|sin)$/;
const HEDGE = /^(might|maybe|perhaps|someday|eventually|thinking|wondering|curious|quizás|tal)$/;
/** How many words a negation or hedge governs. */
const SCOPE = 3;

const VULNERABLE =
  /\b(baby|babies|infant|newborn|toddlers?|kids|children|elderly|senior|pregnant|oxygen|disabled|wheelchair|dialysis|beb[eé]|anciano|anciana|abuel[oa]|niños)\b/i;

/** The words of a text, lower-cased, apostrophes kept ("don't"), numbers kept. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[a-záéíóúñü0-9]+(?:'[a-z]+)?/g) ?? [];
}

function temperatures(text: string): string[] {
  const out: string[] = [];
  for (const found of text.matchAll(/\b(-?\d{1,3})\s?(degrees|°|grados)/gi)) {
    const value = Number(found[1]);
    if (value <= 55) out.push('#cold');
    if (value >= 95) out.push('#hot');
  }
  return out;
}

/** The features of the caller's sentences, each once. */
export function callerFeatures(lines: readonly string[]): string[] {
  const features = new Set<string>();
  for (const line of lines) {
    const words = wordsOf(line);
    let negated = 0;
    let hedged = 0;
    words.forEach((word, i) => {
      const mark = negated > 0 ? 'not:' : hedged > 0 ? 'hedge:' : '';
      features.add(`${mark}${word}`);
      const next = words[i + 1];
      if (next !== undefined) features.add(`${word} ${next}`);
      negated = NEGATION.test(word) ? SCOPE : Math.max(0, negated - 1);
      hedged = HEDGE.test(word) ? SCOPE : Math.max(0, hedged - 1);
    });
    for (const t of temperatures(line)) features.add(t);
    if (VULNERABLE.test(line)) features.add('#vulnerable');
    if (/\?\s*$/.test(line)) features.add('#question');
  }
  return [...features];
}
