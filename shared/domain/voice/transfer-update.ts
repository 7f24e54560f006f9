import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import type { TransferRecord } from '#shared/domain/calls';
import { lazy } from '#shared/lazy';
import type { CallStore } from '#shared/ports/call-store';

/**
 * The voice provider's `transfer-update` message: the assistant handed the call to a destination
 * (a phone number, a SIP address or another assistant). Sent during the call, so usually before the
 * end-of-call report; stored per team and provider call id and joined to the call on read.
 */

const text = (max: number) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)),
    z.nullable(z.optional(z.string({ error: 'must be a string' }).check(z.maxLength(max)))),
  );

/**
 * The destination and the message's schemas are built with the first message that needs them (a
 * transfer-update or an end-of-call report): the webhook receives
 * many other message types (docs/adr/0119-cold-start-build-only-what-requests-need.md).
 */
export const transferDestinationSchema = lazy(() =>
  z.nullable(
    z.optional(
      z.looseObject({
        type: text(50),
        number: text(40),
        sipUri: text(500),
        description: text(1000),
        message: z.nullable(z.optional(z.union([text(2000), z.looseObject({})]))),
        assistantName: text(200),
      }),
    ),
  ),
);

export const transferUpdateSchema = lazy(() =>
  z.object({
    message: z.object({
      type: z.literal('transfer-update'),
      call: z.object(
        { id: z.string({ error: 'must be a string' }).check(z.minLength(1, { error: 'is required' }), z.maxLength(200)) },
        { error: (i) => (i.input === undefined || i.input === null ? 'is required' : 'must be an object') },
      ),
      destination: transferDestinationSchema(),
      reason: text(1000),
      transferReason: text(1000),
      /** Epoch milliseconds of the message. */
      timestamp: z.nullable(z.optional(z.number({ error: 'must be a number (epoch milliseconds)' }).check(z.gte(0), z.lte(8.64e15)))),
    }),
  }),
);

export type TransferUpdate = z.output<ReturnType<typeof transferUpdateSchema>>;
type Destination = z.output<ReturnType<typeof transferDestinationSchema>>;

function stableId(parts: readonly (string | number | null | undefined)[]): string {
  return `trf_${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 24)}`;
}

function destinationOf(d: Destination): TransferRecord['destination'] {
  return {
    type: d?.type ?? null,
    number: d?.number ?? null,
    sip_uri: d?.sipUri ?? null,
    description: d?.description ?? d?.assistantName ?? null,
    // A destination's message may be a structured custom message; only plain text is kept.
    message: typeof d?.message === 'string' ? d.message : null,
  };
}

/**
 * The transfer a transfer-update describes. Its id derives from the provider call id, the message
 * time and the destination, so a redelivery names the same transfer; a message without a time is
 * identified by its destination alone (two untimed transfers of one call to one place are one).
 */
export function transferFromUpdate(update: TransferUpdate, teamId: number, now: Date): TransferRecord {
  const m = update.message;
  const destination = destinationOf(m.destination);
  const at = typeof m.timestamp === 'number' ? new Date(m.timestamp) : now;
  return {
    transfer_id: stableId([
      m.call.id,
      m.timestamp ?? null,
      destination.type,
      destination.number,
      destination.sip_uri,
      destination.description,
    ]),
    team_id: teamId,
    provider_call_id: m.call.id,
    transferred_at: at.toISOString(),
    destination,
    reason: m.reason ?? m.transferReason ?? null,
    source: 'transfer-update',
    created_at: now.toISOString(),
  };
}

/** Ended reasons that say the assistant handed the call over (e.g. assistant-forwarded-call). */
const FORWARDED = /forward|transferr/i;

/**
 * The transfer an end-of-call report implies: one per provider call (its id derives from the call
 * alone), at the call's end, to the destination the report names if any; null when the call was
 * not forwarded.
 */
export function transferFromReport(
  report: { providerCallId: string; endedReason: string | null; endedAt: string | null; destination: Destination },
  teamId: number,
  now: Date,
): TransferRecord | null {
  if (!report.endedReason || !FORWARDED.test(report.endedReason)) return null;
  return {
    transfer_id: stableId([report.providerCallId, 'ended_reason']),
    team_id: teamId,
    provider_call_id: report.providerCallId,
    transferred_at: report.endedAt ?? now.toISOString(),
    destination: destinationOf(report.destination),
    reason: report.endedReason,
    source: 'ended_reason',
    created_at: now.toISOString(),
  };
}

/** Records a transfer-update once; false for a redelivery. */
export async function recordTransferUpdate(
  calls: Pick<CallStore, 'saveTransfer'>,
  input: { update: TransferUpdate; teamId: number; now: Date },
): Promise<{ created: boolean; transfer: TransferRecord }> {
  const transfer = transferFromUpdate(input.update, input.teamId, input.now);
  return { created: await calls.saveTransfer(transfer), transfer };
}
