import { createHash } from 'node:crypto';

/**
 * Deletion on request (POST /v1/data-subject-deletions): one person's data, found by phone or
 * email, removed from every store of the teams named (docs/data-subject-deletions.md, ADR 0152). A
 * deletion's id is derived from what it deletes, so the same request is the same deletion.
 */
export const DELETION_KINDS = [
  'sessions',
  'leads',
  'appointments',
  'intake_guards',
  // Before calls: evaluations and a report's records are found through the calls the calls kind redacts.
  'coach_evaluations',
  'call_reports',
  'calls',
  'support_tickets',
  // Before texts: a campaign's chunks are found through its texts too, which the texts kind deletes.
  'campaign_recipients',
  'texts',
  'text_ledgers',
  'subscription_events',
  'webhook_deliveries',
  'outbox_events',
  // Last: withdraws the files written before the stores were redacted.
  'exports',
] as const;
export type DeletionKind = (typeof DELETION_KINDS)[number];
export type DeletionCounts = Readonly<Record<DeletionKind, number>>;

export const DELETION_STATUSES = ['queued', 'running', 'completed'] as const;
export type DeletionStatus = (typeof DELETION_STATUSES)[number];

/** Who is deleted: the phone in E.164, the email lower-cased; at least one. */
export interface DataSubject {
  readonly phone: string | null;
  readonly email: string | null;
}

export interface DataSubjectDeletion {
  /** `dsd_` + 24 hex, derived from the enterprise, the teams and the subject. */
  readonly id: string;
  readonly enterpriseId: number;
  readonly teamIds: readonly number[];
  /** Kept while the work runs, cleared when it completes (the record then holds no personal data). */
  readonly subject: DataSubject | null;
  readonly status: DeletionStatus;
  readonly counts: DeletionCounts;
  /** The kinds finished, in DELETION_KINDS order: a crash resumes at the first missing. */
  readonly done: readonly DeletionKind[];
  readonly createdAt: string;
  readonly completedAt: string | null;
}

export function zeroCounts(): DeletionCounts {
  return Object.fromEntries(DELETION_KINDS.map((kind) => [kind, 0])) as Record<DeletionKind, number>;
}

/** The same enterprise, teams and person give the same id, whoever asks and however often. */
export function deletionIdFor(enterpriseId: number, teamIds: readonly number[], subject: DataSubject): string {
  const teams = [...new Set(teamIds)].sort((a, b) => a - b).join(',');
  const digest = createHash('sha256')
    .update(`${enterpriseId}|${teams}|${subject.phone ?? ''}|${subject.email ?? ''}`)
    .digest('hex');
  return `dsd_${digest.slice(0, 24)}`;
}

/**
 * Whether a text (a stored JSON body, an event, a page's address, a UTM value) names the person:
 * the number in any spelling (`+12125550187`, `(212) 555-0187`, `212.555.0187`, percent-encoded)
 * or the email, as typed or percent-encoded in an address.
 */
export function mentionsSubject(text: string, subject: DataSubject): boolean {
  if (subject.phone !== null && namesPhone(text, subject.phone)) return true;
  if (subject.email === null) return false;
  const lower = text.toLowerCase();
  return lower.includes(subject.email) || lower.includes(subject.email.replace('@', '%40'));
}

/** A run of digits with the separators people write numbers with. */
const PHONE_LIKE = /\d[\d\s().-]{5,}\d/g;

function namesPhone(text: string, e164: string): boolean {
  if (text.includes(e164)) return true;
  const digits = e164.slice(1);
  // A run of at least ten digits that the number ends with: the national number, or all of it.
  for (const run of text.matchAll(PHONE_LIKE)) {
    const found = run[0].replace(/\D/g, '');
    if (found.length >= 10 && digits.endsWith(found)) return true;
  }
  return false;
}

/** Whether a stored phone or email is the person's. */
export function isSubject(subject: DataSubject, phone: unknown, email: unknown): boolean {
  if (subject.phone !== null && typeof phone === 'string' && phone === subject.phone) return true;
  return subject.email !== null && typeof email === 'string' && email.trim().toLowerCase() === subject.email;
}
