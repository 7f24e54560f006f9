import { toE164 } from '#shared/domain/phone';

/**
 * Request bodies the load generator builds per request, so every intake lead and every call report
 * is unique (no deduplication path is measured by accident). Phone numbers stay in the NANP range
 * reserved for fiction (NXX 555, lines 0100–0199), one hundred per valid area code.
 */

export type BodySpec =
  | { readonly kind: 'none' }
  | { readonly kind: 'intake'; readonly runId: string; readonly phoneOffset: number }
  | { readonly kind: 'webhook'; readonly runId: string; readonly transcriptBytes: number; readonly phoneOffset: number };

let fictionalPhones: string[] | undefined;

/** Every +1 NPA 555 01XX number libphonenumber accepts as valid, in a stable order. */
export function fictionalPhoneNumbers(): readonly string[] {
  if (!fictionalPhones) {
    fictionalPhones = [];
    for (let npa = 201; npa <= 989; npa++) {
      if (!toE164(`+1${npa}5550100`)) continue;
      for (let line = 100; line <= 199; line++) fictionalPhones.push(`+1${npa}5550${line}`);
    }
  }
  return fictionalPhones;
}

export function phoneAt(index: number): string {
  const phones = fictionalPhoneNumbers();
  return phones[index % phones.length] as string;
}

/** A realistic plumbing call, repeated to `bytes` characters, naming a requested time early on. */
export function transcriptOf(bytes: number): string {
  const turns = [
    'AI: Thanks for calling Summit Plumbing, this is the after-hours assistant. How can I help you today?',
    "User: Hi, my water heater is leaking from the bottom and there's water all over the garage floor.",
    'AI: I am sorry to hear that. Is the water still running, and do you know where the shut-off valve is?',
    'User: I turned the valve off on top of the heater, the leak slowed down but it is still dripping.',
    'AI: Good, that was the right call. Could we send a technician tomorrow at 3pm to take a look?',
    'User: Tomorrow at 3pm works for me. The address is 42 Example Street, the side door is open.',
    'AI: Great. I have you down for tomorrow at 3pm. Is the best number to reach you the one you are calling from?',
    'User: Yes, that is my cell. Please have them call when they are on the way.',
  ];
  let out = '';
  for (let i = 0; out.length < bytes; i++) out += `${turns[i % turns.length]}\n`;
  return out.slice(0, bytes);
}

/** Returns the builder of the i-th request body (undefined for no body). */
export function bodyBuilder(spec: BodySpec): (i: number) => string | undefined {
  switch (spec.kind) {
    case 'none':
      return () => undefined;
    case 'intake':
      return (i) =>
        JSON.stringify({
          first_name: 'Bench',
          last_name: `Lead ${i}`,
          phone_number: phoneAt(spec.phoneOffset + i),
          email: `bench.lead.${spec.runId}.${i}@example.com`,
          external_id: `bench-${spec.runId}-${i}`,
          service_type: 'Water heater repair',
          lead_source: 'Website form',
          address: '42 Example Street, Springfield, IL 62701',
          notes: 'Leaking water heater in the garage; customer prefers a call before arrival.',
        });
    case 'webhook': {
      const transcript = transcriptOf(spec.transcriptBytes);
      return (i) => {
        const ended = new Date();
        const started = new Date(ended.getTime() - 240_000);
        return JSON.stringify({
          message: {
            type: 'end-of-call-report',
            call: {
              id: `bench-call-${spec.runId}-${i}`,
              type: 'inboundPhoneCall',
              customer: { number: phoneAt(spec.phoneOffset + i), name: `Bench Caller ${i}` },
            },
            transcript,
            summary: 'Caller reports a leaking water heater and books a visit for tomorrow at 3pm.',
            recordingUrl: `https://recordings.example.com/bench/${spec.runId}/${i}.wav`,
            analysis: { callReason: 'Water heater leak', sentiment: 'neutral', bookingIntent: true, urgency: 'standard' },
            endedReason: 'customer-ended-call',
            startedAt: started.toISOString(),
            endedAt: ended.toISOString(),
            cost: 0.42,
          },
        });
      };
    }
  }
}
