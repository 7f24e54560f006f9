import { DateTime } from 'luxon';
import { AGENT_ACTS_ITSELF, BOOKING_ALREADY_MADE, CANCELLATION, COUNTER, DEFERS, OPENING_HOURS, PRICE } from './intent-rules-data';
import { bareHours, echoesDay, echoesHour, hoursInDigits, offersOf, pickOffered, sameClock } from './offered-pick';
import { pastTimes, type RequestedTime, type TimeMention, timeMentions } from './requested-time';
import {
  ACCEPTS,
  AGENT_CONFIRMS,
  AGENT_EXISTING,
  AGENT_YES,
  ASKS_FOR_TIME,
  ASKS_WHICH_TIME,
  afterCorrection,
  CHECKS,
  CLOSING,
  DECLINES,
  FREE_AFTER,
  HOUR_ALONE,
  MOVES,
  NAMES_DAY,
  OFFERS,
  ofNoVisit,
  PICKS_OFFER,
  SENDS_SOMEONE,
  TELLS_PAST,
  THANKS_ONLY,
  toldAsPast,
  UNAVAILABLE,
  WHEN_COMING,
} from './settling-words';
import { asWritten, sentencesOf } from './spoken-text';
import { offsetMention } from './time-offsets';
import type { TranscriptTurn } from './transcript-turns';

/**
 * The time a conversation settles on, read turn by turn: what the assistant offers ("I have 2 or 4
 * tomorrow"), what the customer asks for, accepts ("2 works") or declines ("anything later?"),
 * what the assistant confirms ("you're booked for Thursday at 10"), and what is only mentioned (a
 * booking the caller already has, a time the caller cannot do, a slot that is taken). The agreed
 * time is the one the assistant confirmed, or the last one offered or asked for that both sides
 * accepted; a declined or merely mentioned time never is. When nothing is settled, the day the
 * customer last asked for is kept without a time: staff call back rather than book a guess.
 */

export interface AgreedTime extends RequestedTime {
  /** How the turns settled it, in words an operator reads. */
  readonly reason: string;
  /** The turns it rests on, quoted. */
  readonly evidence: string[];
}

type Speaker = TranscriptTurn['speaker'];

/** A time on the table, who put it there and the turn that did. */
interface Proposal {
  readonly mention: TimeMention;
  readonly by: Speaker;
  readonly quote: string;
}

const sameTime = (a: TimeMention, b: TimeMention) => a.date === b.date && a.at === b.at;
const lastOf = (mentions: readonly TimeMention[]) => mentions.filter((m) => m.at !== null).at(-1) ?? mentions.at(-1);
const isQuestion = (sentence: string) => /\?\s*$/.test(sentence);

/** What the turns have settled so far. */
interface Reading {
  /** The times the assistant offered last. */
  offered: Proposal[];
  /** The time on the table: asked for by the customer or offered alone by the assistant. */
  candidate: Proposal | null;
  agreed: { proposal: Proposal; reason: string; quotes: string[] } | null;
  /** The day the conversation was last on, for a time said without one ("At 2?"). */
  lastDay: string | null;
  /** The assistant spoke after the time on the table was put there. */
  answered: boolean;
  /** Days of a booking the caller already has: confirming one is not booking it. */
  existingDays: Set<string>;
  /** The caller asked about a booking already made: the assistant's next time answers that. */
  existingAsked: boolean;
  /** The sentence read is the assistant's first after the customer spoke. */
  firstReply: boolean;
  /** The text of the turn being read. */
  turnText: string;
  /** The last time the call named, taken or not: what "an hour later than that" counts from. */
  named: TimeMention | null;
  /** The sentence read starts a correction ("No, 3."): it moves a time agreed, as "instead" does. */
  correcting: boolean;
  /** The assistant's last turn asked what time the customer wants ("What time tomorrow works for you?"). */
  timeAsked: boolean;
  /** The text of the assistant's last turn. */
  agentTurn: string;
  /** The customer's last turn asked when someone can come: the assistant's answer sends someone. */
  comingAsked: boolean;
  /** The sentence read cancels a visit, or the words a correction in it replaced did: its times are the booking's. */
  cancelling: boolean;
}

const cancelsVisit = (text: string) => CANCELLATION.some((rule) => rule.pattern.test(text));

interface Context {
  readonly timezone: string;
  readonly callTime: Date;
  readonly spanish: boolean;
}

function settle(reading: Reading, proposal: Proposal, reason: string, quotes: readonly string[]): void {
  reading.agreed = { proposal, reason, quotes: [...new Set(quotes)] };
  reading.candidate = proposal;
  // What is settled is the one time on the table: a later "book it" takes it, not an older offer.
  reading.offered = [proposal];
}

/** A time declined or taken is off the table, wherever it was. */
function withdraw(reading: Reading, mentions: readonly TimeMention[]): void {
  const gone = (p: Proposal | null) =>
    p !== null && mentions.some((m) => sameTime(m, p.mention) || (m.at === null && m.date === p.mention.date));
  reading.offered = reading.offered.filter((p) => !gone(p));
  if (gone(reading.candidate)) reading.candidate = null;
  if (reading.agreed && gone(reading.agreed.proposal)) reading.agreed = null;
}

/** Times said of a booking the caller already has are only mentioned. */
function remember(reading: Reading, mentions: readonly TimeMention[]): void {
  for (const m of mentions) reading.existingDays.add(m.date);
}

/** "When is my appointment?" "Friday at 10." — the answer names the booking already made. */
function answersExisting(reading: Reading, mentions: readonly TimeMention[]): boolean {
  if (!reading.existingAsked || mentions.length === 0) return false;
  reading.existingAsked = false;
  remember(reading, mentions);
  return true;
}

/**
 * A slot said taken is off the table; "two is taken i can do tomorrow at four", said without a
 * stop, and "Saturday's full, but Monday at 1 is open" keep the offer after it.
 */
function readTaken(reading: Reading, sentence: string, mentions: readonly TimeMention[], ctx: Context): void {
  const taken = UNAVAILABLE.exec(sentence);
  const end = taken ? taken.index + taken[0].length : 0;
  const offer = OFFERS.exec(sentence.slice(end)) ?? FREE_AFTER.exec(sentence.slice(end));
  if (!offer) {
    withdraw(reading, mentions);
    return;
  }
  const [gone, rest] = [sentence.slice(0, end + offer.index), sentence.slice(end + offer.index)];
  withdraw(reading, timeMentions(gone, ctx.timezone, ctx.callTime, ctx.spanish, reading.lastDay));
  readAgentSentence(reading, rest, timeMentions(rest, ctx.timezone, ctx.callTime, ctx.spanish, reading.lastDay), ctx);
}

function readAgentSentence(reading: Reading, sentence: string, mentions: readonly TimeMention[], ctx: Context): void {
  // "We're open Monday 8 to 5" names the hours, it offers nothing.
  if (OPENING_HOURS.test(sentence) && !OFFERS.test(sentence)) return;
  if (AGENT_EXISTING.test(sentence) || answersExisting(reading, mentions)) {
    remember(reading, mentions);
    return;
  }
  if (UNAVAILABLE.test(sentence)) {
    readTaken(reading, sentence, mentions, ctx);
    return;
  }
  const last = lastOf(mentions);
  const asked = reading.candidate?.by === 'customer' ? reading.candidate : null;
  // A closing confirms a time said in it, or one the assistant put on the table in the same turn.
  const closes =
    CLOSING.test(sentence) && (last !== undefined || (reading.candidate !== null && reading.turnText.includes(reading.candidate.quote)));
  if ((AGENT_CONFIRMS.test(sentence) || closes) && !isQuestion(sentence)) {
    if (last && reading.existingDays.has(last.date) && reading.candidate?.mention.date !== last.date) return;
    if (last) {
      // "See you Monday" after "Monday at 9" confirms the time already on the table for that day.
      const timed = last.at === null && reading.candidate?.mention.date === last.date ? reading.candidate : null;
      const proposal = timed ?? { mention: last, by: 'agent' as const, quote: sentence };
      settle(reading, proposal, `the assistant confirmed "${proposal.mention.phrase}"`, [sentence]);
      return;
    }
    if (reading.candidate) {
      const c = reading.candidate;
      const before = reading.agreed?.proposal === c ? reading.agreed : null;
      const reason = before
        ? `${before.reason}, and the assistant confirmed`
        : `the assistant confirmed the booking of "${c.mention.phrase}"`;
      settle(reading, c, reason, [...(before?.quotes ?? [c.quote]), sentence]);
    }
    return;
  }
  const asksFor = asked !== null && (isQuestion(asked.quote) || ASKS_FOR_TIME.test(asked.quote));
  const plainYes = !last && reading.firstReply && asked?.mention.at && asksFor && AGENT_YES.test(sentence);
  const echoed = !last && asked !== null && echoesHour(sentence, asked.mention, ctx.timezone);
  const dayEchoed = asked !== null && echoesDay(sentence, mentions, asked.mention);
  if (asked && !isQuestion(sentence) && ((last && sameTime(last, asked.mention)) || plainYes || echoed || dayEchoed)) {
    settle(reading, asked, `the customer asked for "${asked.mention.phrase}" and the assistant agreed`, [asked.quote, sentence]);
    return;
  }
  // "Same time next week, Wednesday the 22nd at 1 pm": a day said beside a time is its context, not another offer.
  const timed = mentions.filter((m) => m.at !== null);
  if (timed.length === 0 && AGENT_ACTS_ITSELF.test(sentence)) return;
  const offered = offersOf(sentence, mentions, reading.lastDay, ctx.timezone, ctx.callTime);
  if (offered.length === 0) return;
  reading.offered = offered.map((mention) => ({ mention, by: 'agent' as const, quote: sentence }));
  reading.candidate = reading.offered.length === 1 ? (reading.offered[0] ?? null) : null;
}

/** A time the customer names: an offer taken, a reason told, an hour given to a day agreed, or a time asked. */
function readCustomerTime(reading: Reading, sentence: string, last: TimeMention, timezone: string): void {
  const onThatDay = reading.offered.filter((p) => p.mention.date === last.date);
  // "The nine am" after "Friday at 9 or Monday at 1": an hour said without its day picks the offer at that hour.
  const atThatHour = NAMES_DAY.test(last.phrase) ? [] : reading.offered.filter((p) => sameClock(p.mention, last, timezone));
  const offer =
    reading.offered.find((p) => sameTime(p.mention, last)) ??
    (atThatHour.length === 1 ? atThatHour[0] : undefined) ??
    (last.at === null && onThatDay.length === 1 ? onThatDay[0] : undefined);
  if (offer) {
    settle(reading, offer, `the assistant offered "${offer.mention.phrase}" and the customer accepted`, [offer.quote, sentence]);
    return;
  }
  // "Could he come an hour later than that? Traffic's awful at 9.": a time told after one asked in the same turn is its reason.
  const asked =
    reading.candidate?.by === 'customer' && isQuestion(reading.candidate.quote) && reading.turnText.includes(reading.candidate.quote);
  if (asked && !isQuestion(sentence) && !MOVES.test(sentence) && !ASKS_FOR_TIME.test(sentence) && !ACCEPTS.test(sentence)) return;
  const agreedAt = reading.agreed?.proposal.mention;
  const sameAsAgreed = agreedAt && last.date === agreedAt.date && (last.at === null || last.at === agreedAt.at);
  // "Oh, Friday. Friday at 1.": the hour said with the day agreed without one gives it its hour.
  const givesHour = agreedAt?.at === null && last.at !== null && last.date === agreedAt.date && NAMES_DAY.test(last.phrase);
  // "Sure. Heads up, the dog walker comes at 2": a time told after agreement, not asked for, leaves it.
  if (sameAsAgreed || (reading.agreed && !givesHour && !reading.correcting && !isQuestion(sentence) && !MOVES.test(sentence))) return;
  reading.agreed = null;
  reading.existingAsked = false;
  reading.candidate = { mention: last, by: 'customer', quote: sentence };
  reading.answered = false;
}

function readCustomerSentence(reading: Reading, sentence: string, mentions: readonly TimeMention[], ctx: Context): void {
  // "What are your hours on Saturday?" asks of the business, not for a visit that day.
  if (OPENING_HOURS.test(sentence)) return;
  if (TELLS_PAST.test(sentence) && mentions.every((m) => m.at === null) && !isQuestion(sentence)) return;
  if (mentions.length > 0 && mentions.every((m) => toldAsPast(sentence, m))) return;
  if (BOOKING_ALREADY_MADE.test(sentence) || reading.cancelling) {
    // "The tech is coming at 2 today, can he come at 4 instead?": the booking made is mentioned, the time after it asked.
    const moved = !reading.cancelling && mentions.length > 1 && COUNTER.test(sentence) ? mentions.at(-1) : undefined;
    remember(reading, moved ? mentions.slice(0, -1) : mentions);
    // "What time is my appointment on Monday?": a question naming the day alone asks for the hour.
    reading.existingAsked ||= mentions.length === 0 || (isQuestion(sentence) && mentions.every((m) => m.at === null));
    if (moved) readCustomerTime(reading, sentence, moved, ctx.timezone);
    return;
  }
  if (DECLINES.test(sentence)) {
    if (mentions.length > 0) {
      withdraw(reading, mentions);
      return;
    }
    reading.offered = [];
    reading.candidate = null;
    reading.agreed = null;
    return;
  }
  // "Your appointment is still on for Thursday." "Oh, Thursday, that's fine.": the day of the booking already made, echoed.
  if (
    mentions.length > 0 &&
    mentions.every((m) => m.at === null && reading.existingDays.has(m.date)) &&
    !isQuestion(sentence) &&
    !MOVES.test(sentence)
  )
    return;
  const last = lastOf(mentions);
  if (last) {
    readCustomerTime(reading, sentence, last, ctx.timezone);
    return;
  }
  // An "okay" beside a price question weighs the offer, it does not take it.
  // "I can have the plumber at your house at 8:30." "Thank you!": thanks right after someone is sent takes the visit.
  const sent = reading.candidate?.by === 'agent' && reading.agentTurn.includes(reading.candidate.quote) ? reading.candidate.quote : '';
  const thanked = THANKS_ONLY.test(sentence) && SENDS_SOMEONE.test(sent);
  const accepts =
    (ACCEPTS.test(sentence) || PICKS_OFFER.test(sentence) || (reading.offered.length > 1 && HOUR_ALONE.test(sentence)) || thanked) &&
    !DEFERS.test(reading.turnText) &&
    !PRICE.test(reading.turnText);
  const picked = accepts
    ? (pickOffered(sentence, reading.offered, ctx.timezone) ?? (reading.candidate?.by === 'agent' ? reading.candidate : null))
    : null;
  if (picked) {
    settle(reading, picked, `the assistant offered "${picked.mention.phrase}" and the customer accepted`, [picked.quote, sentence]);
    return;
  }
  readCounter(reading, sentence, ctx);
}

/**
 * "I have Thursday at 8." "Could you do 11 instead?": one bare hour asked for on the day on the
 * table; "8 is too early, could it be 10?" declines the hour before the ask, so only the words
 * from it are read.
 */
function readCounter(reading: Reading, sentence: string, ctx: Context): void {
  // "Ten?" alone after an offer, or "Three." to "what time works?", asks that hour on the day on the table ("Two?" to "how many units?" asks none).
  const asked = reading.timeAsked || (reading.offered.length > 0 && isQuestion(sentence));
  const alone = asked && HOUR_ALONE.test(sentence) ? hoursInDigits(sentence) : null;
  const ask = alone ? { index: 0 } : COUNTER.exec(sentence);
  const counter = ask ? bareHours((alone ?? sentence).slice(ask.index), reading.lastDay, ctx.timezone, ctx.callTime) : [];
  const [hour] = counter;
  if (counter.length === 1 && hour) {
    // The caller's own hour replaces the offers: a later "great" takes it, not an offer declined.
    reading.offered = [];
    reading.agreed = null;
    reading.candidate = { mention: hour, by: 'customer', quote: sentence };
    reading.answered = false;
  }
}

/** "He'll be there around 11": someone sent before any day is named goes today, so an hour said alone is today's. */
const dayOnTable = (reading: Reading, speaker: Speaker, sentence: string, ctx: Context) =>
  reading.lastDay ??
  (speaker === 'agent' && (SENDS_SOMEONE.test(sentence) || reading.comingAsked)
    ? DateTime.fromJSDate(ctx.callTime, { zone: ctx.timezone }).toISODate()
    : null);

function readTurn(reading: Reading, turn: TranscriptTurn, ctx: Context): void {
  reading.firstReply = turn.speaker === 'agent';
  const text = asWritten(turn.text);
  reading.turnText = text;
  if (turn.speaker === 'agent') Object.assign(reading, { answered: true, timeAsked: ASKS_WHICH_TIME.test(text), agentTurn: text });
  else reading.comingAsked = WHEN_COMING.test(text) && !BOOKING_ALREADY_MADE.test(text);
  const corrected = afterCorrection(text);
  // "Friday at 3, actually make it 3:30": the day said before a correction that names only an hour is still its day.
  const before = timeMentions(text.slice(0, corrected.said), ctx.timezone, ctx.callTime, ctx.spanish, reading.lastDay);
  reading.lastDay = before.at(-1)?.date ?? reading.lastDay;
  reading.named = before.filter((m) => m.at !== null).at(-1) ?? reading.named;
  for (const [n, sentence] of sentencesOf(corrected.text).entries()) {
    // "Our office manager will call you Thursday at 2", "done by noon", "not Tuesday": a phone call's time, a limit or a day denied puts no visit on the table.
    const said = timeMentions(sentence, ctx.timezone, ctx.callTime, ctx.spanish, dayOnTable(reading, turn.speaker, sentence, ctx)).filter(
      (m) => !ofNoVisit(sentence, m),
    );
    // "An hour later than that?": an offset is a counter-offer, the offers before it withdrawn.
    const offset = offsetMention(sentence, said, reading.named, ctx.timezone);
    if (offset && turn.speaker === 'customer') reading.offered = [];
    // "Make that 10 instead, I drop the kids off at 9": what a correction starts with (to its first hour) is what it means.
    const first = said.findIndex((m) => m.at !== null);
    const mentions = offset ? [offset] : n === 0 && corrected.leads ? said.slice(0, first < 0 ? 1 : first + 1) : said;
    reading.correcting = n === 0 && corrected.leads;
    reading.cancelling = cancelsVisit(sentence) || (n === 0 && cancelsVisit(text.slice(0, corrected.said)));
    // A time counts on from the last hour named, also a past visit's ("came today at 9. Same time next week?"); a day said alone keeps it.
    const past = TELLS_PAST.test(sentence) ? pastTimes(sentence, ctx.timezone, ctx.callTime, reading.lastDay).at(-1) : undefined;
    reading.named = said.filter((m) => m.at !== null).at(-1) ?? past ?? reading.named ?? said.at(-1) ?? null;
    if (turn.speaker === 'agent') readAgentSentence(reading, sentence, mentions, ctx);
    else readCustomerSentence(reading, sentence, mentions, ctx);
    if (!(turn.speaker === 'agent' && CHECKS.test(sentence))) reading.firstReply = false; // "Hold on, let me see. We can do that."
    const day = mentions.at(-1)?.date;
    if (day) reading.lastDay = day;
  }
}

/**
 * The time the turns settle on, or the day last asked for without a time when they settle none;
 * null when no day is on the table. `settled` says both sides took the time.
 */
export function agreedTimeOfTurns(
  turns: readonly TranscriptTurn[],
  timezone: string,
  callTime: Date,
  spanish = false,
): (AgreedTime & { readonly settled: boolean }) | null {
  const reading: Reading = {
    offered: [],
    candidate: null,
    agreed: null,
    lastDay: null,
    answered: false,
    existingDays: new Set(),
    existingAsked: false,
    firstReply: false,
    turnText: '',
    named: null,
    correcting: false,
    cancelling: false,
    timeAsked: false,
    comingAsked: false,
    agentTurn: '',
  };
  for (const turn of turns) readTurn(reading, turn, { timezone, callTime, spanish });
  if (reading.agreed) {
    const { mention, by } = reading.agreed.proposal;
    // A day without an hour is settled when it was asked for, offered as a visit or confirmed as one, not when only named.
    const dayTaken = by === 'customer' || reading.agreed.quotes.some((q) => OFFERS.test(q) || AGENT_CONFIRMS.test(q));
    return {
      at: mention.at,
      date: mention.date,
      phrase: mention.phrase,
      reason: reading.agreed.reason,
      evidence: reading.agreed.quotes,
      settled: mention.at !== null || dayTaken,
    };
  }
  const open = reading.candidate;
  if (!open) return null;
  if (open.by === 'customer' && !reading.answered) {
    // The call ends on the customer's ask (or the assistant's words were not captured): nothing declined it.
    const reason = `the customer asked for "${open.mention.phrase}" and nothing after it declined it`;
    return { at: open.mention.at, date: open.mention.date, phrase: open.mention.phrase, reason, evidence: [open.quote], settled: false };
  }
  const reason = `"${open.mention.phrase}" was named but not agreed by both sides, so the slot is to be scheduled`;
  return { at: null, date: open.mention.date, phrase: open.mention.phrase, reason, evidence: [open.quote], settled: false };
}
