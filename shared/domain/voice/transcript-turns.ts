import * as z from 'zod';
import { lazy } from '#shared/lazy';

/**
 * Transcript turns: who said what, and when. Current voice providers send the conversation as
 * `message.artifact.messages` (older reports as `message.messages`): one entry per utterance with a
 * role (bot/assistant, user, system, tool_calls, tool_call_result), the text, `time` and `endTime`
 * (epoch milliseconds), `secondsFromStart` and `duration`. Only the bot's and the caller's
 * utterances are turns; system prompts and tool traffic are skipped, as is any role we do not know.
 * A report with only plain text gets its turns from the `AI:` / `User:` line prefixes, times null.
 */

export interface TranscriptTurn {
  speaker: 'agent' | 'customer';
  text: string;
  /** Seconds from the start of the call; null where the provider gave no time. */
  start_seconds: number | null;
  end_seconds: number | null;
}

/** Bounds on what one report may carry: a two-hour call has a few hundred utterances. */
export const MAX_TRANSCRIPT_MESSAGES = 5_000;
const MAX_MESSAGE_CHARS = 20_000;
/** One day, in seconds: a time beyond it is a unit mistake, not a call. */
const MAX_SECONDS = 86_400;

const optionalNumber = (what: string) =>
  z
    .number({ error: `must be a number (${what})` })
    .optional()
    .nullable();

const messageSchema = lazy(() =>
  z
    .object({
      role: z.string({ error: 'must be a string' }).max(100),
      message: z.string({ error: 'must be a string' }).max(MAX_MESSAGE_CHARS).optional().nullable(),
      time: optionalNumber('epoch milliseconds'),
      endTime: optionalNumber('epoch milliseconds'),
      secondsFromStart: optionalNumber('seconds').refine((n) => n === undefined || n === null || (n >= 0 && n <= MAX_SECONDS), {
        error: `must be from 0 to ${MAX_SECONDS} seconds`,
      }),
      duration: optionalNumber('seconds'),
    })
    .loose(),
);

/** Built with the first end-of-call report (its only reader, endOfCallReportSchema). */
export const transcriptMessagesSchema = lazy(() =>
  z
    .array(messageSchema(), { error: 'must be an array of messages' })
    .max(MAX_TRANSCRIPT_MESSAGES, { error: `must hold at most ${MAX_TRANSCRIPT_MESSAGES} messages` })
    .optional()
    .nullable(),
);

export type TranscriptMessage = z.output<ReturnType<typeof messageSchema>>;

/** A Map, not an object: a role named `constructor` must not find Object's. */
const SPEAKERS: ReadonlyMap<string, TranscriptTurn['speaker']> = new Map([
  ['bot', 'agent'],
  ['assistant', 'agent'],
  ['ai', 'agent'],
  ['agent', 'agent'],
  ['receptionist', 'agent'],
  ['dispatcher', 'agent'],
  ['operator', 'agent'],
  ['representative', 'agent'],
  ['rep', 'agent'],
  ['csr', 'agent'],
  ['user', 'customer'],
  ['customer', 'customer'],
  ['caller', 'customer'],
  ['client', 'customer'],
  ['homeowner', 'customer'],
  ['human', 'customer'],
]);

/** Milliseconds of precision are what a transcript needs; more is float noise. */
const seconds = (n: number) => Math.round(n * 1000) / 1000;
const finite = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** Turns from the provider's messages, in their order; unknown roles and empty texts skipped. */
export function turnsFromMessages(messages: readonly TranscriptMessage[]): TranscriptTurn[] {
  const turns: TranscriptTurn[] = [];
  for (const m of messages) {
    const speaker = SPEAKERS.get(m.role.toLowerCase());
    const text = m.message?.trim();
    if (!speaker || !text) continue;
    const start = finite(m.secondsFromStart) ? m.secondsFromStart : null;
    let end: number | null = null;
    if (start !== null) {
      // endTime − time is exact (both epoch ms); duration is the fallback, in seconds as documented.
      if (finite(m.time) && finite(m.endTime) && m.endTime >= m.time) end = start + (m.endTime - m.time) / 1000;
      else if (finite(m.duration) && m.duration >= 0) end = start + m.duration;
    }
    turns.push({
      speaker,
      text,
      start_seconds: start === null ? null : seconds(start),
      end_seconds: end === null || end > MAX_SECONDS ? null : seconds(end),
    });
  }
  return turns;
}

/**
 * A speaker label at a line start in any case ("CUSTOMER:", "caller:"), or capitalized after
 * whitespace ("AI: Hi. Customer: Hello" is two turns).
 */
const LABEL =
  /(?:^|(?<=\s))(AI|Assistant|Bot|Agent|Receptionist|Dispatcher|Operator|Representative|Rep|CSR|User|Customer|Caller|Client|Homeowner|Human):/gi;

const isLabel = (transcript: string, match: RegExpMatchArray) => {
  const at = match.index ?? 0;
  const word = match[1] as string;
  return at === 0 || transcript[at - 1] === '\n' || /^[A-Z]/.test(word);
};

/**
 * Turns from a plain-text transcript: each speaker label opens a turn that runs to the next label;
 * text before the first label is ignored (nobody said it).
 */
export function turnsFromText(transcript: string): TranscriptTurn[] {
  const turns: TranscriptTurn[] = [];
  const labels = [...transcript.matchAll(LABEL)].filter((m) => isLabel(transcript, m));
  labels.forEach((match, i) => {
    const from = (match.index ?? 0) + match[0].length;
    const to = labels[i + 1]?.index ?? transcript.length;
    const text = transcript.slice(from, to).trim();
    const speaker = SPEAKERS.get((match[1] as string).toLowerCase()) as TranscriptTurn['speaker'];
    if (text !== '') turns.push({ speaker, text, start_seconds: null, end_seconds: null });
  });
  return turns;
}

/** The turns of a report: the provider's messages when it sent any turn, else the text's prefixes. */
export function transcriptTurns(messages: readonly TranscriptMessage[] | null, transcript: string): TranscriptTurn[] {
  const fromMessages = messages ? turnsFromMessages(messages) : [];
  return fromMessages.length > 0 ? fromMessages : turnsFromText(transcript);
}

/** The plain text of turns, one `AI:` / `Customer:` line each (for reports that sent only messages). */
export function turnsToText(turns: readonly TranscriptTurn[]): string {
  return turns.map((t) => `${t.speaker === 'agent' ? 'AI' : 'Customer'}: ${t.text}`).join('\n');
}
