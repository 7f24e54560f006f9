import { linesText, nameText } from '#shared/domain/plain-text';
import { type ConcreteSegment, formatPath, leafPaths, type PathSegment, parsePath, pathProblem, resolvePath } from './payload-path';

/** The target fields of a lead (Speed-to-lead intake). */
export const TARGET_FIELDS = [
  'customer_name',
  'first_name',
  'last_name',
  'phone_number',
  'email',
  'address',
  'street',
  'city',
  'state',
  'zip',
  'country',
  'service_type',
  'lead_source',
  'external_id',
  'notes',
  'appointment_datetime',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'wbraid',
  'gbraid',
] as const;
export type TargetField = (typeof TARGET_FIELDS)[number];

/**
 * A team's field mapping: per target an ordered alias list (paths); the first alias present with a
 * non-empty value wins. `notes_combine`, when set, builds notes as one JSON object from several
 * payload paths (keys are the paths) instead of reading one alias.
 */
export interface FieldMapping {
  readonly fields: Partial<Record<TargetField, readonly string[]>>;
  readonly notes_combine?: readonly string[];
  /**
   * A fixed value per target, used when none of its aliases gives one: what a source's payload
   * never says but every lead of it shares (a preset's lead_source, utm_source, utm_medium).
   */
  readonly fallback_values?: Partial<Record<TargetField, string>>;
}

/** Used for a team without a mapping, and for every target a team's mapping leaves out. */
export const DEFAULT_ALIASES: Record<TargetField, readonly string[]> = {
  customer_name: ['customer_name', 'name', 'full_name', 'fullName', 'contact.name', 'customer.name'],
  first_name: ['first_name', 'firstName', 'firstname', 'given_name', 'contact.first_name', 'customer.first_name'],
  last_name: ['last_name', 'lastName', 'lastname', 'family_name', 'surname', 'contact.last_name', 'customer.last_name'],
  phone_number: [
    'phone_number',
    'phone',
    'phoneNumber',
    'mobile',
    'mobile_phone',
    'cell',
    'telephone',
    'tel',
    'contact.phone',
    'customer.phone',
  ],
  email: ['email', 'email_address', 'emailAddress', 'e_mail', 'contact.email', 'customer.email'],
  address: ['address', 'full_address', 'address_line', 'location.address', 'contact.address'],
  street: ['street', 'street_address', 'address1', 'address_line_1', 'location.street'],
  city: ['city', 'town', 'location.city'],
  state: ['state', 'region', 'province', 'location.state'],
  zip: ['zip', 'zip_code', 'zipcode', 'postal_code', 'postalCode', 'postcode', 'location.zip'],
  country: ['country', 'country_code', 'location.country'],
  service_type: ['service_type', 'serviceType', 'service', 'job_type', 'category', 'request_type'],
  lead_source: ['lead_source', 'leadSource', 'source', 'channel'],
  external_id: ['external_id', 'externalId', 'lead_id', 'id', 'reference', 'ref'],
  notes: ['notes', 'note', 'message', 'comments', 'description', 'details'],
  appointment_datetime: ['appointment_datetime', 'appointment_time', 'appointmentTime', 'preferred_time', 'scheduled_at'],
  utm_source: ['utm_source', 'utm.source', 'utmSource'],
  utm_medium: ['utm_medium', 'utm.medium', 'utmMedium'],
  utm_campaign: ['utm_campaign', 'utm.campaign', 'utmCampaign'],
  utm_term: ['utm_term', 'utm.term', 'utmTerm'],
  utm_content: ['utm_content', 'utm.content', 'utmContent'],
  // Google's lead-form webhook names the click id gcl_id.
  gclid: ['gclid', 'gcl_id', 'GCLID', 'utm.gclid', 'attribution.gclid'],
  wbraid: ['wbraid', 'utm.wbraid', 'attribution.wbraid'],
  gbraid: ['gbraid', 'utm.gbraid', 'attribution.gbraid'],
};

export type MappedFields = Partial<Record<TargetField, string>>;

/** How one alias fared: the value it read, or why it gave none (the explain answer of test mode). */
export type AliasOutcome =
  | { readonly alias: string; readonly result: 'matched' }
  | { readonly alias: string; readonly result: 'missing'; readonly detail: string }
  | { readonly alias: string; readonly result: 'empty' | 'not_scalar' }
  | { readonly alias: string; readonly result: 'invalid'; readonly detail: string };

/** Per target: the alias that supplied its value (null: none did) and every alias tried, in order. */
export interface FieldExplanation {
  readonly matched: string | null;
  readonly tried: readonly AliasOutcome[];
  /** The mapping's fixed value for the target, used because no alias gave one. */
  readonly fallback_value?: string;
  /** customer_name only: composed from these targets because no alias of its own gave one. */
  readonly composed_from?: readonly ('first_name' | 'last_name')[];
  /** Where the target's aliases came from. */
  readonly aliases: 'team' | 'default' | 'notes_combine';
}

/**
 * Checks of targets whose value must have a shape (phone_number: a phone number of the team's
 * region; email: an address): an alias whose value fails is skipped like a missing one
 * ("invalid"), and the next alias is tried. Returns why the value is refused, or null.
 */
export type TargetChecks = Partial<Record<TargetField, (text: string) => string | null>>;

export interface MappingResult {
  /** Target values as strings, trimmed; first_name + last_name compose customer_name when it is absent. */
  readonly fields: MappedFields;
  /** notes_combine output, when configured and any of its paths is present. */
  readonly notesObject: Record<string, unknown> | null;
  /** Which alias fed each target (for test mode and operators). */
  readonly sources: Partial<Record<TargetField, string>>;
  /** Per checked target that got no valid value: the first value refused, as sent (kept beside the null). */
  readonly refused: MappedFields;
  /** Per target, every alias tried and what it gave. */
  readonly explain: Partial<Record<TargetField, FieldExplanation>>;
  /** Payload leaves that no mapping read, as paths. Kept with the lead with the raw payload. */
  readonly unmappedPaths: string[];
}

/** A non-empty scalar as a trimmed string; objects, arrays, null and blank strings are "absent". */
/** Targets that are names (one line) and those whose lines mean something (addresses, notes). */
const NAME_TARGETS: ReadonlySet<TargetField> = new Set(['customer_name', 'first_name', 'last_name', 'city', 'state', 'country']);
const LINES_TARGETS: ReadonlySet<TargetField> = new Set(['address', 'street', 'notes']);

/** A target's text as it is kept: names and addresses without control characters (plain-text.ts). */
function targetText(target: TargetField, text: string): string {
  if (NAME_TARGETS.has(target)) return nameText(text);
  return LINES_TARGETS.has(target) ? linesText(text) : text.trim();
}

/** Every string in a combined note without control characters; the rest as it is. */
function plainLeaves(value: unknown): unknown {
  if (typeof value === 'string') return linesText(value);
  if (Array.isArray(value)) return value.map(plainLeaves);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainLeaves(v)]));
}

function scalarText(value: unknown, target: TargetField): string | undefined {
  if (typeof value === 'string') {
    const t = targetText(target, value);
    return t === '' ? undefined : t;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

/** Checks a mapping's paths; returns messages naming each bad alias (empty when valid). */
export function validateFieldMapping(mapping: FieldMapping): string[] {
  const problems: string[] = [];
  for (const [target, aliases] of Object.entries(mapping.fields)) {
    if (!(TARGET_FIELDS as readonly string[]).includes(target)) problems.push(`fields.${target}: unknown target field`);
    (aliases ?? []).forEach((alias, i) => {
      const problem = pathProblem(alias);
      if (problem !== null) problems.push(`fields.${target}[${i}]: "${alias}" is not a valid path: it ${problem}`);
    });
  }
  (mapping.notes_combine ?? []).forEach((p, i) => {
    const problem = pathProblem(p);
    if (problem !== null) problems.push(`notes_combine[${i}]: "${p}" is not a valid path: it ${problem}`);
  });
  return problems;
}

function startsWith(path: readonly ConcreteSegment[], prefix: readonly ConcreteSegment[]): boolean {
  return prefix.length <= path.length && prefix.every((seg, i) => seg === path[i]);
}

/** Why a path that resolves to nothing missed: the first step that leads nowhere. */
function missDetail(payload: unknown, segments: readonly PathSegment[]): string {
  for (let i = 0; i < segments.length; i++) {
    if (resolvePath(payload, segments.slice(0, i + 1)) !== undefined) continue;
    const step = segments[i] as PathSegment;
    const before = formatPath(segments.slice(0, i));
    if (typeof step === 'object') {
      return `no element of ${before === '' ? 'the payload' : before} has ${formatPath([step]).slice(1, -1)}`;
    }
    return `nothing at ${formatPath(segments.slice(0, i + 1))}`;
  }
  return 'nothing at this path';
}

type AliasRead =
  | { readonly kind: 'value'; readonly text: string; readonly at: ConcreteSegment[][] }
  | { readonly kind: 'none'; readonly outcome: AliasOutcome };

function readAlias(payload: unknown, alias: string, target: TargetField): AliasRead {
  const segments = parsePath(alias);
  if (!segments) return { kind: 'none', outcome: { alias, result: 'missing', detail: 'not a payload path' } };
  const resolved = resolvePath(payload, segments);
  if (!resolved) return { kind: 'none', outcome: { alias, result: 'missing', detail: missDetail(payload, segments) } };
  const text = scalarText(resolved.value, target);
  if (text !== undefined) return { kind: 'value', text, at: [resolved.at, ...resolved.labels] };
  const v = resolved.value;
  const empty = v === null || typeof v === 'string';
  return { kind: 'none', outcome: { alias, result: empty ? 'empty' : 'not_scalar' } };
}

/**
 * Every text a target may be read from, in the order applyFieldMapping tries them: each alias's
 * scalar, then the team's fallback value. What the target's check may be asked about, so a check
 * that needs loading (a phone number's) can be made ready for exactly these.
 */
export function candidateTexts(payload: Record<string, unknown>, mapping: FieldMapping | null, target: TargetField): string[] {
  const texts = (mapping?.fields[target] ?? DEFAULT_ALIASES[target]).flatMap((alias) => {
    const read = readAlias(payload, alias, target);
    return read.kind === 'value' ? [read.text] : [];
  });
  const fallback = fallbackTextOf(mapping, target);
  return fallback === '' ? texts : [...texts, fallback];
}

/** The team's fallback value of a target as the target's text ('' when it has none). */
function fallbackTextOf(mapping: FieldMapping | null, target: TargetField): string {
  const fallback = mapping?.fallback_values?.[target];
  return fallback === undefined ? '' : targetText(target, fallback);
}

/**
 * Resolves a payload through a team's mapping (or the defaults): per target the first alias whose
 * value is a non-empty scalar (and passes the target's check, if any) wins. Pure; never throws on
 * odd payloads.
 */
export function applyFieldMapping(
  payload: Record<string, unknown>,
  mapping: FieldMapping | null,
  checks: TargetChecks = {},
): MappingResult {
  const fields: MappedFields = {};
  const sources: Partial<Record<TargetField, string>> = {};
  const refused: MappedFields = {};
  const explain: Partial<Record<TargetField, FieldExplanation>> = {};
  const used: ConcreteSegment[][] = [];

  for (const target of TARGET_FIELDS) {
    if (target === 'notes' && mapping?.notes_combine && mapping.notes_combine.length > 0) continue;
    const own = mapping?.fields[target];
    const aliases = own ?? DEFAULT_ALIASES[target];
    const tried: AliasOutcome[] = [];
    let firstRefused: { text: string; at: ConcreteSegment[][] } | null = null;
    for (const alias of aliases) {
      const read = readAlias(payload, alias, target);
      if (read.kind === 'none') {
        tried.push(read.outcome);
        continue;
      }
      const why = checks[target]?.(read.text) ?? null;
      if (why !== null) {
        tried.push({ alias, result: 'invalid', detail: why });
        firstRefused ??= { text: read.text, at: read.at };
        continue;
      }
      fields[target] = read.text;
      sources[target] = alias;
      used.push(...read.at);
      tried.push({ alias, result: 'matched' });
      break;
    }
    if (fields[target] === undefined && firstRefused) {
      refused[target] = firstRefused.text;
      used.push(...firstRefused.at);
    }
    const fallbackText = fallbackTextOf(mapping, target);
    if (fields[target] === undefined && refused[target] === undefined && fallbackText !== '') {
      fields[target] = fallbackText;
      explain[target] = { matched: null, tried, aliases: own ? 'team' : 'default', fallback_value: fallbackText };
      continue;
    }
    explain[target] = { matched: sources[target] ?? null, tried, aliases: own ? 'team' : 'default' };
  }

  let notesObject: Record<string, unknown> | null = null;
  if (mapping?.notes_combine && mapping.notes_combine.length > 0) {
    const combined: Record<string, unknown> = {};
    const tried: AliasOutcome[] = [];
    for (const p of mapping.notes_combine) {
      const segments = parsePath(p);
      const resolved = segments ? resolvePath(payload, segments) : undefined;
      const value = resolved?.value;
      if (resolved && value !== undefined && value !== null && value !== '') {
        combined[p] = plainLeaves(value);
        used.push(resolved.at, ...resolved.labels);
        tried.push({ alias: p, result: 'matched' });
      } else if (resolved) tried.push({ alias: p, result: 'empty' });
      else tried.push({ alias: p, result: 'missing', detail: segments ? missDetail(payload, segments) : 'not a payload path' });
    }
    if (Object.keys(combined).length > 0) {
      notesObject = combined;
      fields.notes = JSON.stringify(combined);
      sources.notes = mapping.notes_combine.join(', ');
    }
    explain.notes = { matched: sources.notes ?? null, tried, aliases: 'notes_combine' };
  }

  if (!fields.customer_name && (fields.first_name || fields.last_name)) {
    fields.customer_name = [fields.first_name, fields.last_name].filter(Boolean).join(' ');
    const own = explain.customer_name;
    if (own) explain.customer_name = { ...own, composed_from: (['first_name', 'last_name'] as const).filter((t) => fields[t]) };
  }

  const unmappedPaths = leafPaths(payload)
    .filter((leaf) => leaf.length > 0 && !used.some((u) => startsWith(leaf, u)))
    .map(formatPath);

  return { fields, notesObject, sources, refused, explain, unmappedPaths };
}
