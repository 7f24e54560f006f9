import * as z from 'zod/mini';
import { lazy } from '#shared/lazy';
import { labelOpenings, ROLE_WORDS, type Side, withoutStamps } from './speaker-labels';

/**
 * Transcript turns: who said what, and when. Current voice providers send the conversation as
 * `message.artifact.messages` (older reports as `message.messages`): one entry per utterance with a
 * role (bot/assistant, user, system, tool_calls, tool_call_result), the text, `time` and `endTime`
 * (epoch milliseconds), `secondsFromStart` and `duration`. Only the bot's and the caller's
 * utterances are turns; system prompts and tool traffic are skipped, as is any role we do not know.
 * A report with only plain text gets its turns from its speaker labels, times null.
 */

export interface TranscriptTurn {
  speaker: Side;
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

const optionalNumber = (what: string) => z.nullable(z.optional(z.number({ error: `must be a number (${what})` })));

const messageSchema = lazy(() =>
  z.looseObject({
    role: z.string({ error: 'must be a string' }).check(z.maxLength(100)),
    message: z.nullable(z.optional(z.string({ error: 'must be a string' }).check(z.maxLength(MAX_MESSAGE_CHARS)))),
    time: optionalNumber('epoch milliseconds'),
    endTime: optionalNumber('epoch milliseconds'),
    secondsFromStart: optionalNumber('seconds').check(
      z.refine((n) => n === undefined || n === null || (n >= 0 && n <= MAX_SECONDS), {
        error: `must be from 0 to ${MAX_SECONDS} seconds`,
      }),
    ),
    duration: optionalNumber('seconds'),
  }),
);

/** Built with the first end-of-call report (its only reader, endOfCallReportSchema). */
export const transcriptMessagesSchema = lazy(() =>
  z.nullable(
    z.optional(
      z
        .array(messageSchema(), { error: 'must be an array of messages' })
        .check(z.maxLength(MAX_TRANSCRIPT_MESSAGES, { error: `must hold at most ${MAX_TRANSCRIPT_MESSAGES} messages` })),
    ),
  ),
);

export type TranscriptMessage = z.output<ReturnType<typeof messageSchema>>;

/** Milliseconds of precision are what a transcript needs; more is float noise. */
const seconds = (n: number) => Math.round(n * 1000) / 1000;
const finite = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** Turns from the provider's messages, in their order; unknown roles and empty texts skipped. */
export function turnsFromMessages(messages: readonly TranscriptMessage[]): TranscriptTurn[] {
  const turns: TranscriptTurn[] = [];
  for (const m of messages) {
    const speaker = ROLE_WORDS.get(m.role.toLowerCase());
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
 * Turns from a plain-text transcript: each speaker label (speaker-labels.ts) opens a turn that runs
 * to the next label; text before the first label is ignored (nobody said it), and so are the clock
 * readings of the recording around the labels.
 */
export function turnsFromText(said: string): TranscriptTurn[] {
  const transcript = withoutStamps(said);
  const labels = labelOpenings(transcript);
  return labels.flatMap((label, i) => {
    const text = transcript.slice(label.end, labels[i + 1]?.at ?? transcript.length).trim();
    return text === '' ? [] : [{ speaker: label.speaker, text, start_seconds: null, end_seconds: null }];
  });
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
