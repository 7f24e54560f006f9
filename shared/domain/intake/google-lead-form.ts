import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { BadRequestError, ConflictError, UnauthorizedError } from '#shared/errors';
import type { GoogleLeadFormKeyRecord, GoogleLeadFormKeyStore } from '#shared/ports/intake-store';
import { type CommitDependencies, commitIntake } from './commit-intake';
import { GOOGLE_ADS_LEAD_FORM_MAPPING } from './google-ads-lead-form-preset';
import { DEFAULT_INTAKE_CONFIG, type IntakeConfig } from './intake-config';
import { type IntakeDecision, type PrepareDependencies, planIntake, sizeIntake } from './prepare-intake';

/**
 * Google Ads lead forms posting straight to the service (POST
 * /api/outbound/google-ads/lead-form/{teamId}): Google can only be given a URL and a key, which it
 * sends as `google_key` in the body. The key is checked against the SHA-256 the team stored (in
 * constant time, with the same work for an unknown team, a team without a key and a wrong key, so
 * the answer says nothing about which teams exist), then the lead goes through the intake with the
 * Google preset's mapping. `is_test` leads (Google's "send test data") only run test mode. Google
 * retries a lead it got no 200 for, so a lead_id already stored is answered 200 again ("duplicate").
 */

/** How long the key before a rotation keeps working, so leads sent before the form is updated arrive. */
export const GOOGLE_KEY_ROTATION_GRACE_HOURS = 24;

export function googleKeyDigest(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new key: 32 random bytes, so a plain SHA-256 of it is as strong as a peppered hash. */
export function newGoogleLeadFormKey(): string {
  return `glf_${randomBytes(32).toString('base64url')}`;
}

/** The record after a rotation to `key`: the current key stays valid for the grace period. */
export function rotatedGoogleKey(current: GoogleLeadFormKeyRecord | null, key: string, now: Date): GoogleLeadFormKeyRecord {
  return {
    sha256: googleKeyDigest(key),
    created_at: now.toISOString(),
    previous: current
      ? { sha256: current.sha256, expires_at: new Date(now.getTime() + GOOGLE_KEY_ROTATION_GRACE_HOURS * 3_600_000).toISOString() }
      : null,
  };
}

/** A digest no key hashes to in practice: compared against when the team has no key, for the same work. */
const NO_KEY = Buffer.alloc(32, 0);

function sameDigest(a: Buffer, hex: string | null): boolean {
  const b = hex !== null && /^[0-9a-f]{64}$/.test(hex) ? Buffer.from(hex, 'hex') : NO_KEY;
  return timingSafeEqual(a, b) && b !== NO_KEY;
}

/** Whether `key` is the team's key (or its previous one, within the grace period). Constant time per record. */
export function googleKeyMatches(record: GoogleLeadFormKeyRecord | null, key: string | undefined, now: Date): boolean {
  const digest = Buffer.from(googleKeyDigest(key ?? ''), 'hex');
  const current = sameDigest(digest, record?.sha256 ?? null);
  const previousValid = record?.previous != null && Date.parse(record.previous.expires_at) > now.getTime();
  const previous = sameDigest(digest, previousValid ? (record?.previous?.sha256 ?? null) : null);
  return key !== undefined && key !== '' && (current || previous);
}

export interface GoogleLeadFormDependencies extends Omit<PrepareDependencies, 'intake'>, CommitDependencies {
  readonly keys: GoogleLeadFormKeyStore;
}

export type GoogleLeadFormResult =
  | { readonly kind: 'created'; readonly leadId: number; readonly stlCallId: number; readonly decision: IntakeDecision }
  | { readonly kind: 'duplicate'; readonly leadId: number | null; readonly field: 'external_id' | 'phone_number'; readonly teamId: number }
  | { readonly kind: 'test'; readonly decision: IntakeDecision };

const MAX_LEAD_ID = 256;

/** What a Google lead must carry besides its key: a 400 naming the member otherwise. */
function checkGoogleLead(body: Record<string, unknown>): void {
  const leadId = body.lead_id;
  if (typeof leadId !== 'string' || leadId.trim() === '') {
    throw new BadRequestError('lead_id: required, the non-empty string Google identifies the lead by', 'lead_id');
  }
  if (leadId.length > MAX_LEAD_ID) throw new BadRequestError(`lead_id: must be at most ${MAX_LEAD_ID} characters`, 'lead_id');
  const columns = body.user_column_data;
  if (!Array.isArray(columns)) throw new BadRequestError('user_column_data: required, the array of the form’s answers', 'user_column_data');
  columns.forEach((column: unknown, i) => {
    if (column === null || typeof column !== 'object' || Array.isArray(column)) {
      throw new BadRequestError(
        `user_column_data[${i}]: must be an object {column_id, column_name, string_value}`,
        `user_column_data[${i}]`,
      );
    }
  });
  if (body.is_test !== undefined && typeof body.is_test !== 'boolean') {
    throw new BadRequestError('is_test: must be true or false', 'is_test');
  }
}

export async function ingestGoogleLeadForm(
  deps: GoogleLeadFormDependencies,
  request: { readonly teamId: number; readonly body: Record<string, unknown>; readonly now: Date },
): Promise<GoogleLeadFormResult> {
  const { teamId, body, now } = request;
  const [team, record] = await Promise.all([deps.tenancy.getTeam(teamId), deps.keys.getGoogleLeadFormKey(teamId)]);
  const key = typeof body.google_key === 'string' ? body.google_key : undefined;
  // One answer for an unknown team, a team without a key and a wrong key.
  if (!googleKeyMatches(team ? record : null, key, now) || !team) throw new UnauthorizedError('Missing or invalid google_key');
  checkGoogleLead(body);

  // The key is a credential: it is never stored with the lead.
  const { google_key: _key, ...payload } = body;
  const config = (await deps.configs.getIntakeConfig(team.id)) ?? DEFAULT_INTAKE_CONFIG;
  const planned = await planIntake({
    team,
    routing: { kind: 'key_team' },
    config: { ...config, field_mapping: GOOGLE_ADS_LEAD_FORM_MAPPING as IntakeConfig['field_mapping'] },
    payload,
    now,
  });
  const prepared = sizeIntake(deps, planned);
  if (body.is_test === true) return { kind: 'test', decision: prepared.decision };
  try {
    const created = await commitIntake(deps, prepared, now);
    return { kind: 'created', leadId: created.leadId, stlCallId: created.stlCallId, decision: created.decision };
  } catch (error) {
    if (error instanceof ConflictError) {
      const existing = error.details?.lead_id;
      return {
        kind: 'duplicate',
        leadId: typeof existing === 'number' ? existing : null,
        field: error.field === 'phone_number' ? 'phone_number' : 'external_id',
        teamId: team.id,
      };
    }
    throw error;
  }
}
