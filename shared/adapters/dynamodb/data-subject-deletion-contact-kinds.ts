import { isSubject } from '#shared/domain/data-subject-deletions/request';
import { appointmentsPk } from './appointment-items';
import { customerOf, type ErasedTables, exactItem, index, type KindSpec, partition } from './data-subject-deletion-kind';
import { teamPk } from './keys';

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
      removal: async () => ({ set: { customer_info: { name: null, email: null, phone: null, address: null } } }),
    },
    leads: {
      table: t.leads,
      queries: async (team) => [partition(t.leads, teamPk(team))],
      matches: (item, s) =>
        isSubject(s, item.customer_phone, item.customer_email) || (s.phone !== null && item.customer_phone_raw === s.phone),
      removal: async () => ({
        set: { customer_name: null, customer_phone: null, customer_phone_raw: null, customer_email: null, lead_content: {} },
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
