import type { CallRecord, TransferRecord } from '#shared/domain/calls';
import { turnsFromText } from '#shared/domain/voice/transcript-turns';
import { sandboxRecordingUrl } from '../sandbox/recordings';
import { addDays, inSentence, iso, LocalCalendar, WEEKDAY_NAMES, weekdayOf } from './calendar';
import { person, pickIssue, serviceAreasFor } from './catalog';
import { Random } from './random';
import type { GeneratorOptions } from './sessions';

/** Inbound calls answered by the AI receptionist, with transcript, summary and analysis. */

export interface CallGeneratorOptions extends GeneratorOptions {
  /** Spoken by the AI receptionist in transcripts. @default 'our team' */
  readonly businessName?: string;
}

const ENDED_REASONS: readonly (readonly [string, number])[] = [
  ['customer-ended-call', 60],
  ['assistant-ended-call', 30],
  ['silence-timed-out', 5],
  ['assistant-forwarded-call', 5],
];

/** Inbound calls answered by the AI receptionist, oldest first, with transcript, summary and analysis. */
export function generateCalls(options: CallGeneratorOptions): CallRecord[] {
  const rng = new Random(options.seed);
  const trade = options.trade ?? 'home_services';
  const areas = options.serviceAreas ?? serviceAreasFor(options.timezone);
  const calendar = new LocalCalendar(options.now ?? new Date(), options.timezone, options.days);
  const business = options.businessName ?? 'our team';
  const calls: CallRecord[] = [];

  for (let i = 0; i < options.count; i++) {
    const start = calendar.pick(rng);
    const issue = pickIssue(rng, trade, start);
    const area = rng.pick(areas);
    const customer = person(rng, area);
    const urgency = issue.job === 'Emergency service' ? 'emergency' : rng.chance(0.2) ? 'urgent' : 'standard';
    const bookingIntent = rng.chance(0.7);
    const booked = bookingIntent && rng.chance(0.7);
    const sentiment = booked
      ? rng.weighted([
          ['positive', 7],
          ['neutral', 3],
        ] as const)
      : rng.weighted([
          ['neutral', 5],
          ['negative', 2],
          ['positive', 3],
        ] as const);
    const duration = rng.int(45, 540);
    const providerCallId = rng.uuid();
    const firstName = customer.name.split(' ')[0] ?? customer.name;
    const slot = `${WEEKDAY_NAMES[weekdayOf(addDays(start.date, rng.int(1, 3))) - 1]} at ${rng.pick(['8', '10', '1', '3'])} ${rng.pick(['AM', 'PM'])}`;
    const problem = inSentence(issue.issue);

    const lines = [
      `AI: Thanks for calling ${business}, this is Ava. How can I help you today?`,
      `User: Hi, this is ${customer.name}. We have a problem — ${problem}.`,
      `AI: I'm sorry to hear that, ${firstName}. Can you tell me a little more about what's going on?`,
      `User: ${rng.pick(['It started yesterday.', 'It has been getting worse all week.', 'It just happened this morning.'])} We're in ${area.city}.`,
      `AI: Thanks. We do serve ${area.city}. ${bookingIntent ? `I can get a technician out on ${slot}. Does that work?` : 'Would you like me to have a technician call you back with pricing?'}`,
      booked
        ? 'User: Yes, that works. Please book it.'
        : bookingIntent
          ? 'User: Let me check with my spouse and call back.'
          : 'User: Just looking for a price for now.',
      booked
        ? `AI: You're all set for ${slot}. You'll get a text confirmation at this number. Anything else?`
        : 'AI: No problem. I have noted your details and someone will follow up. Anything else?',
      'User: No, that is all. Thank you.',
    ];
    const summary = booked
      ? `${customer.name} called about ${problem} in ${area.city}. Appointment booked for ${slot}.`
      : `${customer.name} called about ${problem} in ${area.city}. ${bookingIntent ? 'Wants to book but needs to confirm a time.' : 'Asked about pricing; no booking yet.'}`;

    const startMs = start.ms;
    const endMs = startMs + duration * 1000 + rng.int(0, 999);
    calls.push({
      call_id: rng.uuid(),
      team_id: options.teamId,
      provider_call_id: providerCallId,
      type: 'inboundPhoneCall',
      direction: 'inbound',
      customer: { name: customer.name, phone: customer.phone },
      started_at: iso(startMs),
      ended_at: iso(endMs),
      duration_seconds: duration,
      transcript: lines.join('\n'),
      turns: timedTurns(lines.join('\n'), duration),
      summary,
      recording_url: sandboxRecordingUrl(providerCallId),
      analysis: { call_reason: issue.issue, sentiment, booking_intent: bookingIntent, urgency },
      ended_reason: rng.weighted(booked ? ENDED_REASONS.slice(0, 2) : ENDED_REASONS),
      cost: Math.round((duration / 60) * 0.11 * 100) / 100,
      appointment_id: booked ? `apt_${rng.hex(12)}` : null,
      ticket_id: !booked && rng.chance(0.5) ? `tkt_${rng.hex(12)}` : null,
      lead_id: null,
      stl_call_id: null,
      created_at: iso(endMs),
    });
  }
  return calls.sort((a, b) => (a.started_at < b.started_at ? -1 : a.started_at > b.started_at ? 1 : 0));
}

/** The transcript's turns spread over the call as a provider times them (each turn ends before the next starts). */
function timedTurns(transcript: string, durationSeconds: number) {
  const turns = turnsFromText(transcript);
  const slot = durationSeconds / Math.max(1, turns.length);
  return turns.map((t, i) => ({
    ...t,
    start_seconds: Math.round(i * slot * 10) / 10,
    end_seconds: Math.round((i + 0.85) * slot * 10) / 10,
  }));
}

const TRANSFER_TARGETS = [
  { number: '+14155550190', description: 'On-call technician', reason: 'Caller reported an emergency' },
  { number: '+14155550191', description: 'Office manager', reason: 'Caller asked for a person' },
  { number: '+14155550192', description: 'Billing desk', reason: 'Billing question the assistant cannot answer' },
] as const;

/**
 * Transfers of the demo calls: one per forwarded call (as the provider's transfer-update would
 * record it, a few seconds before the call ends); a team with fewer than two forwarded calls gets
 * its first unbooked calls forwarded, so every team shows some.
 */
export function generateTransfers(calls: CallRecord[], seed: number): TransferRecord[] {
  const rng = new Random(seed);
  const forwarded = calls.filter((c) => c.ended_reason === 'assistant-forwarded-call');
  for (const c of calls) {
    if (forwarded.length >= 2) break;
    if (c.appointment_id === null && !forwarded.includes(c)) {
      c.ended_reason = 'assistant-forwarded-call';
      forwarded.push(c);
    }
  }
  return forwarded.map((c) => {
    const target = rng.pick(TRANSFER_TARGETS);
    const at = Date.parse(c.ended_at ?? c.started_at) - rng.int(5, 20) * 1000;
    return {
      transfer_id: `trf_${rng.hex(24)}`,
      team_id: c.team_id,
      provider_call_id: c.provider_call_id,
      transferred_at: iso(Math.max(Date.parse(c.started_at), at)),
      destination: {
        type: 'number',
        number: target.number,
        sip_uri: null,
        description: target.description,
        message: 'Let me connect you with someone who can help.',
      },
      reason: target.reason,
      source: 'transfer-update',
      created_at: iso(at),
    };
  });
}
