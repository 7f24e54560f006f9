import { formatPath, leafPaths, type PathSegment, parsePath, readPath } from './payload-path';

/** The spec's target fields of a lead (Speed-to-lead intake). */
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
};

export type MappedFields = Partial<Record<TargetField, string>>;

export interface MappingResult {
  /** Target values as strings, trimmed; first_name + last_name compose customer_name when it is absent. */
  readonly fields: MappedFields;
  /** notes_combine output, when configured and any of its paths is present. */
  readonly notesObject: Record<string, unknown> | null;
  /** Which alias fed each target (for test mode and operators). */
  readonly sources: Partial<Record<TargetField, string>>;
  /** Payload leaves that no mapping read, as paths. Kept with the lead with the raw payload. */
  readonly unmappedPaths: string[];
}

/** A non-empty scalar as a trimmed string; objects, arrays, null and blank strings are "absent". */
function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const t = value.trim();
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
      if (!parsePath(alias)) problems.push(`fields.${target}[${i}]: "${alias}" is not a valid path`);
    });
  }
  (mapping.notes_combine ?? []).forEach((p, i) => {
    if (!parsePath(p)) problems.push(`notes_combine[${i}]: "${p}" is not a valid path`);
  });
  return problems;
}

function startsWith(path: readonly PathSegment[], prefix: readonly PathSegment[]): boolean {
  return prefix.length <= path.length && prefix.every((seg, i) => seg === path[i]);
}

/** Resolves a payload through a team's mapping (or the defaults). Pure; never throws on odd payloads. */
export function applyFieldMapping(payload: Record<string, unknown>, mapping: FieldMapping | null): MappingResult {
  const fields: MappedFields = {};
  const sources: Partial<Record<TargetField, string>> = {};
  const used: PathSegment[][] = [];

  for (const target of TARGET_FIELDS) {
    if (target === 'notes' && mapping?.notes_combine && mapping.notes_combine.length > 0) continue;
    const aliases = mapping?.fields[target] ?? DEFAULT_ALIASES[target];
    for (const alias of aliases) {
      const segments = parsePath(alias);
      if (!segments) continue;
      const text = scalarText(readPath(payload, segments));
      if (text !== undefined) {
        fields[target] = text;
        sources[target] = alias;
        used.push(segments);
        break;
      }
    }
  }

  let notesObject: Record<string, unknown> | null = null;
  if (mapping?.notes_combine && mapping.notes_combine.length > 0) {
    const combined: Record<string, unknown> = {};
    for (const p of mapping.notes_combine) {
      const segments = parsePath(p);
      if (!segments) continue;
      const value = readPath(payload, segments);
      if (value !== undefined && value !== null && value !== '') {
        combined[p] = value;
        used.push(segments);
      }
    }
    if (Object.keys(combined).length > 0) {
      notesObject = combined;
      fields.notes = JSON.stringify(combined);
      sources.notes = mapping.notes_combine.join(', ');
    }
  }

  if (!fields.customer_name && (fields.first_name || fields.last_name)) {
    fields.customer_name = [fields.first_name, fields.last_name].filter(Boolean).join(' ');
  }

  const unmappedPaths = leafPaths(payload)
    .filter((leaf) => leaf.length > 0 && !used.some((u) => startsWith(leaf, u)))
    .map(formatPath);

  return { fields, notesObject, sources, unmappedPaths };
}
