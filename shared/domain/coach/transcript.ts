/**
 * Reads a plain-text call transcript ("AI: ... \nUser: ...", as voice providers send it; labels may
 * also follow each other on one line) into speaker turns that keep their offsets, so anything
 * quoted from a turn is an exact slice of the transcript.
 */
export type Speaker = 'agent' | 'customer' | 'unknown';

export interface Turn {
  readonly speaker: Speaker;
  /** Offsets of the turn's text (label excluded) in the transcript. */
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const AGENT_LABELS = new Set(['ai', 'assistant', 'agent', 'bot', 'receptionist']);
const CUSTOMER_LABELS = new Set(['user', 'customer', 'caller', 'client']);

/** A label at the start of a line, or after the end of a sentence on the same line. */
const LABEL = /(^|\n|(?<=[.!?])[ \t]+)[ \t]*(ai|assistant|agent|bot|receptionist|user|customer|caller|client)[ \t]*:/gi;

export function parseTranscript(transcript: string): Turn[] {
  const labels = [...transcript.matchAll(LABEL)].map((m) => {
    const name = (m[2] as string).toLowerCase();
    return {
      at: (m.index ?? 0) + (m[1] as string).length,
      textStart: (m.index ?? 0) + m[0].length,
      speaker: (AGENT_LABELS.has(name) ? 'agent' : CUSTOMER_LABELS.has(name) ? 'customer' : 'unknown') as Speaker,
    };
  });
  if (labels.length === 0) return trimmedTurn('unknown', transcript, 0, transcript.length);
  const turns: Turn[] = [];
  if (transcript.slice(0, labels[0]?.at).trim() !== '') turns.push(...trimmedTurn('unknown', transcript, 0, labels[0]?.at ?? 0));
  labels.forEach((label, i) => {
    turns.push(...trimmedTurn(label.speaker, transcript, label.textStart, labels[i + 1]?.at ?? transcript.length));
  });
  return turns;
}

function trimmedTurn(speaker: Speaker, transcript: string, from: number, to: number): Turn[] {
  let start = from;
  let end = to;
  while (start < end && /\s/.test(transcript[start] as string)) start++;
  while (end > start && /\s/.test(transcript[end - 1] as string)) end--;
  return end > start ? [{ speaker, start, end, text: transcript.slice(start, end) }] : [];
}

/** Longest evidence quoted from one turn. */
export const MAX_EVIDENCE_CHARS = 300;

/**
 * The sentence of a turn around a position (offset within the turn's text), as an exact slice of
 * the transcript; a sentence longer than MAX_EVIDENCE_CHARS is cut to a window around the position.
 */
export function sentenceAt(turn: Turn, position: number): string {
  const text = turn.text;
  let start = position;
  while (start > 0 && !/[.!?]\s/.test(text.slice(start - 2, start))) start--;
  let end = position;
  while (end < text.length && !/[.!?]/.test(text[end] as string)) end++;
  end = Math.min(text.length, end + 1);
  let sentence = text.slice(start, end).trim();
  if (sentence.length > MAX_EVIDENCE_CHARS) {
    const from = Math.max(start, position - MAX_EVIDENCE_CHARS / 2);
    sentence = text.slice(from, from + MAX_EVIDENCE_CHARS).trim();
  }
  return sentence;
}

/**
 * The exact slice of the transcript that a quote stands for: the quote itself when it occurs
 * verbatim, else the slice that matches it with whitespace and letter case ignored (a model may
 * reflow a line), else null: the quote is not from the transcript.
 */
export function locateQuote(transcript: string, quote: string): string | null {
  const wanted = quote.trim();
  if (wanted === '') return null;
  if (transcript.includes(wanted)) return wanted;
  const words = wanted.split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const match = new RegExp(words.join('\\s+'), 'i').exec(transcript);
  return match ? match[0] : null;
}
