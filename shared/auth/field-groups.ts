import { BadRequestError } from '#shared/errors';

/**
 * Per-key data configuration: the response fields a key may see, as named field groups.
 *
 * Every response field belongs to one group. The fields of the groups below carry a customer's
 * personal data, conversation content or marketing attribution; every other field (ids, statuses,
 * times, counts, scores, pagination) is `core`, which every key sees. A key's allow-list names the
 * groups it sees besides `core`; a key without one (null) sees every group. A field is named by
 * its property name, or by `parent.name` where the name alone would say too little (`name` of a
 * customer, not of a team). The same names mean the same group in every response, at any depth:
 * list items, nested objects, the v0 analytics blocks. A field a key may not see is left out (not
 * nulled), and the OpenAPI description marks each such field with its group and as optional.
 */
export const FIELD_GROUPS = {
  contact: {
    description: "A customer's name, phone number, email and address, and the numbers texted",
    fields: [
      'phone',
      'email',
      'address',
      'customer_phone',
      'customer_phone_raw',
      'phone_raw',
      'customer_email',
      'recipient',
      'customer.name',
      'customer_info.name',
      'customerInfo.name',
    ],
  },
  transcripts: {
    description: 'What was said on calls: transcripts, their turns and text, and quotes from them',
    fields: ['transcript', 'turns', 'text', 'evidence'],
  },
  recordings: {
    description: 'Call recordings (time-limited links)',
    fields: ['recording', 'recording_url'],
  },
  notes: {
    description: 'Free text written about a customer or a lead: call summaries, ticket subjects, channel-specific lead content',
    fields: ['summary', 'subject', 'lead_content'],
  },
  attribution: {
    description: 'Marketing attribution: UTM parameters, ad click ids, referrers',
    fields: [
      'utm',
      'attribution',
      'referrer_url',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
      'gclid',
      'wbraid',
      'gbraid',
      'google_ads',
      'utmSource',
      'utmData',
      'googleAdsData',
    ],
  },
} as const;

export type FieldGroup = keyof typeof FIELD_GROUPS;
export const FIELD_GROUP_NAMES = Object.keys(FIELD_GROUPS) as FieldGroup[];

export function isFieldGroup(value: string): value is FieldGroup {
  return Object.hasOwn(FIELD_GROUPS, value);
}

/** The group of a property (named `name`, inside the value of property `parent`); undefined: core. */
const GROUP_OF_FIELD: ReadonlyMap<string, FieldGroup> = new Map(
  FIELD_GROUP_NAMES.flatMap((group) => FIELD_GROUPS[group].fields.map((field) => [field, group] as const)),
);

export function groupOfField(parent: string | undefined, name: string): FieldGroup | undefined {
  return (parent === undefined ? undefined : GROUP_OF_FIELD.get(`${parent}.${name}`)) ?? GROUP_OF_FIELD.get(name);
}

/**
 * The body without the fields of groups outside `allowed` (null: every group, the body as is). A
 * new value: the handler's result is not changed.
 */
export function withFieldGroups(body: unknown, allowed: readonly string[] | null): unknown {
  if (allowed === null) return body;
  const hidden = new Set(FIELD_GROUP_NAMES.filter((group) => !allowed.includes(group)));
  if (hidden.size === 0) return body;
  return strip(body, undefined, hidden);
}

function strip(value: unknown, parent: string | undefined, hidden: ReadonlySet<FieldGroup>): unknown {
  if (Array.isArray(value)) return value.map((item) => strip(item, parent, hidden));
  if (value === null || typeof value !== 'object') return value;
  // Object.fromEntries defines each member as its own: a member named `__proto__` (JSON.parse
  // makes one) stays a member instead of re-parenting the copy, as an assignment would.
  return Object.fromEntries(
    Object.entries(value).flatMap(([name, child]) => {
      const group = groupOfField(parent, name);
      return group !== undefined && hidden.has(group) ? [] : [[name, strip(child, name, hidden)]];
    }),
  );
}

/** Parses an operator's list (`contact,notes`, `all`, `core`): null is every group. */
export function parseFieldGroups(list: string): FieldGroup[] | null {
  const words = list
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w !== '');
  if (words.length === 1 && words[0] === 'all') return null;
  const unknown = words.filter((w) => w !== 'core' && !isFieldGroup(w));
  if (unknown.length > 0 || words.length === 0) {
    throw new BadRequestError(
      `fields must be all, core, or a comma-separated list of field groups (${FIELD_GROUP_NAMES.join(', ')})` +
        (unknown.length > 0 ? `; unknown: ${unknown.join(', ')}` : ''),
      'fields',
    );
  }
  return FIELD_GROUP_NAMES.filter((group) => words.includes(group));
}
