import type { E164Reader } from '#shared/domain/e164-reader';
import type { SendTime } from '#shared/domain/sms/calling-hours';
import { countSegments, type SmsEncoding } from '#shared/domain/sms/segments';
import { BadRequestError } from '#shared/errors';
import type { CampaignRequest } from './campaign-request';
import { missingVariables, renderTemplate, variableValue, withOptOut } from './template';

export interface PlannedRecipient {
  /** Position in the request's recipients array (first occurrence of the phone). */
  readonly index: number;
  readonly phone: string;
  readonly body: string;
  readonly usedFallback: boolean;
  readonly encoding: SmsEncoding;
  readonly segments: number;
  readonly suppressed: boolean;
  /** The first instant the text may go out, and the rule that set it (calling-hours.ts); null when not planned. */
  readonly sendAt: string | null;
  readonly rule: string | null;
  /** Why a frequency cap skips this recipient, or null (campaign-service.ts fills it in). */
  readonly capped: string | null;
}

export interface CampaignPlan {
  readonly recipients: readonly PlannedRecipient[];
  /** Recipients in the request, duplicates included. */
  readonly requested: number;
  readonly duplicatesCollapsed: number;
  readonly suppressed: number;
  /** Segments of the messages that will be sent (suppressed recipients excluded). */
  readonly segments: number;
  /** Estimated cost in micro-dollars (integer, to keep sums exact). */
  readonly estimatedCostMicros: number;
  readonly fallbackCount: number;
  /** Recipients a frequency cap skips (never texted). */
  readonly capped: number;
}

export interface PlanOptions {
  /** Each recipient's number to E.164, in the team's region (phone-numbers.ts e164Reader). */
  readonly readPhone: E164Reader;
  readonly pricePerSegmentMicros: number;
  readonly isSuppressed: (phone: string) => boolean;
  /** When each recipient's text may go out first (calling-hours.ts); omitted: not planned. */
  readonly sendTime?: (phone: string) => SendTime;
}

/** Micro-dollars to dollars, rounded to 4 decimals for display. */
export function toDollars(micros: number): number {
  return Math.round(micros / 100) / 10_000;
}

const LIST_LIMIT = 20;
const list = (items: readonly (string | number)[]) =>
  items.length > LIST_LIMIT ? `${items.slice(0, LIST_LIMIT).join(', ')} and ${items.length - LIST_LIMIT} more` : items.join(', ');

/**
 * Validates recipients and renders every message: phones normalized to E.164 (invalid ones listed
 * by index), duplicates collapsed (first occurrence wins), merge variables filled from the name and
 * custom fields, the fallback message used where a variable is missing, the opt-out line appended
 * when asked, and each message's segments counted. Refuses up front when a recipient lacks a
 * variable and there is no fallback.
 */
export function planCampaign(request: CampaignRequest, options: PlanOptions): CampaignPlan {
  const invalid: number[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  const unique: { index: number; phone: string; values: Record<string, string | undefined> }[] = [];
  request.recipients.forEach((r, index) => {
    const phone = options.readPhone(r.phone);
    if (!phone) {
      invalid.push(index);
      return;
    }
    if (seen.has(phone)) {
      duplicates++;
      return;
    }
    seen.add(phone);
    const fields = r.custom_fields ?? {};
    unique.push({ index, phone, values: { ...fields, name: r.name ?? variableValue(fields, 'name') } });
  });
  if (invalid.length > 0) {
    throw new BadRequestError(`recipients: invalid phone number at index ${list(invalid)}`, 'recipients', {
      invalid_indexes: invalid.slice(0, 1000),
    });
  }

  const template = request.message_template;
  const fallback = request.fallback_message ?? null;
  const missingByVariable = new Map<string, number[]>();
  for (const r of unique) {
    for (const v of missingVariables(template, r.values)) {
      const indexes = missingByVariable.get(v) ?? [];
      indexes.push(r.index);
      missingByVariable.set(v, indexes);
    }
  }
  if (missingByVariable.size > 0 && fallback === null) {
    const parts = [...missingByVariable].map(([v, indexes]) => `{${v}} is missing for recipients at index ${list(indexes)}`);
    throw new BadRequestError(`message_template: ${parts.join('; ')}; give those values or a fallback_message`, 'message_template', {
      missing_variables: Object.fromEntries([...missingByVariable].map(([v, indexes]) => [v, indexes.slice(0, 1000)])),
    });
  }

  const includeOptOut = request.settings?.include_opt_out ?? true;
  let segments = 0;
  let suppressed = 0;
  let fallbackCount = 0;
  const recipients: PlannedRecipient[] = unique.map((r) => {
    const useFallback = missingVariables(template, r.values).length > 0;
    let text: string;
    if (useFallback) {
      const fallbackMissing = missingVariables(fallback as string, r.values);
      // A fallback that itself needs a missing variable would go out half-merged: its variables
      // are left out rather than sent as "{name}".
      text = renderTemplate(fallback as string, { ...r.values, ...Object.fromEntries(fallbackMissing.map((v) => [v, ''])) });
      fallbackCount++;
    } else {
      text = renderTemplate(template, r.values);
    }
    const body = includeOptOut ? withOptOut(text) : text;
    const count = countSegments(body);
    const isSuppressed = options.isSuppressed(r.phone);
    if (isSuppressed) suppressed++;
    else segments += count.segments;
    const planned = isSuppressed ? undefined : options.sendTime?.(r.phone);
    return {
      index: r.index,
      phone: r.phone,
      body,
      usedFallback: useFallback,
      encoding: count.encoding,
      segments: count.segments,
      suppressed: isSuppressed,
      sendAt: planned ? planned.sendAt.toISOString() : null,
      rule: planned ? planned.rule : null,
      capped: null,
    };
  });

  return {
    recipients,
    requested: request.recipients.length,
    duplicatesCollapsed: duplicates,
    suppressed,
    segments,
    estimatedCostMicros: segments * options.pricePerSegmentMicros,
    fallbackCount,
    capped: 0,
  };
}
