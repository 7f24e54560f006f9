import { type DataSubject, isSubject, mentionsSubject } from '#shared/domain/data-subject-deletions/request';
import { appointmentsPk } from './appointment-keys';
import { customerOf, type ErasedTables, exactItem, index, type KindSpec, partition } from './data-subject-deletion-kind';
import { teamPk } from './keys';
import type { Item } from './query';

type Attributes = Record<string, unknown>;
const mapOf = (value: unknown): Attributes | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Attributes) : null;

/**
 * Attribution values (UTM parameters, click ids) that name the person set to null, the others kept:
 * campaign names are the business's, and analytics group sessions by them. Absent when there is no map.
 */
function attributionWithout(value: unknown, s: DataSubject): Attributes | undefined {
  const map = mapOf(value);
  if (!map) return undefined;
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, typeof v === 'string' && mentionsSubject(v, s) ? null : v]));
}

const definedOnly = (values: Record<string, Attributes | undefined>): Attributes =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));

/**
 * A widget session's own attributes without the page it was opened on and its referrer: free text
 * whose query string can carry anything the host page put there (a name, an email, an order).
 */
function widgetWithoutPages(item: Item): Attributes {
  const widget = mapOf(item.widget);
  return widget ? { widget: { ...widget, page_url: null, referrer_url: null } } : {};
}

/** The person as a contact: widget sessions, leads, the visits booked for them, the intake's phone guard. */
export function contactKinds(t: ErasedTables): Record<'sessions' | 'leads' | 'appointments' | 'intake_guards', KindSpec> {
  return {
    sessions: {
      table: t.sessions,
      queries: async (team) => [partition(t.sessions, teamPk(team))],
      matches: (item, s) => {
        const info = (item.customer_info ?? {}) as Record<string, unknown>;
        return isSubject(s, info.phone, info.email);
      },
      removal: async (item, s) => ({
        set: {
          customer_info: { name: null, email: null, phone: null, address: null },
          ...widgetWithoutPages(item),
          ...definedOnly({ utm: attributionWithout(item.utm, s), google_ads: attributionWithout(item.google_ads, s) }),
        },
      }),
    },
    leads: {
      table: t.leads,
      queries: async (team) => [partition(t.leads, teamPk(team))],
      matches: (item, s) =>
        isSubject(s, item.customer_phone, item.customer_email) || (s.phone !== null && item.customer_phone_raw === s.phone),
      removal: async (item, s) => ({
        set: {
          customer_name: null,
          customer_phone: null,
          customer_phone_raw: null,
          customer_email: null,
          lead_content: {},
          referrer_url: null,
          ...definedOnly({ attribution: attributionWithout(item.attribution, s) }),
        },
      }),
    },
    appointments: {
      table: t.leads,
      queries: async (team) => [index(t.leads, 'appointmentsByStart', 'apptPk', appointmentsPk(team))],
      matches: (item, s) => isSubject(s, customerOf(item).phone, customerOf(item).email),
      removal: async (item) => ({
        set: {
          customer: { name: null, phone: null, email: null, address: null },
          history: ((item.history ?? []) as Record<string, unknown>[]).map((h) => ({ ...h, note: null })),
        },
        remove: ['apptPhonePk'],
      }),
    },
    intake_guards: {
      // The dedupe guard keys on the number itself (intake-store.ts): deleted, so a new lead from
      // the number is a new lead rather than a duplicate of a lead that no longer names anyone.
      table: t.leads,
      queries: async (team, d) => (d.subject?.phone ? [exactItem(t.leads, `${teamPk(team)}#PHONE#${d.subject.phone}`, 'GUARD')] : []),
      matches: () => true,
      removal: async () => 'delete',
    },
  };
}
