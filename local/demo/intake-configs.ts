import type { IntakeConfigInput } from '#shared/domain/intake/intake-config';

/** The demo teams' speed-to-lead intake configurations. */

/** The demo teams whose intake configuration is seeded (Bayside Plumbing keeps the defaults). */
export interface DemoIntakeTeamIds {
  /** The anchor of every demo key: routing rules, default aliases, two call attempts. */
  readonly summitPlumbing: number;
  /** Nested field mapping, business hours. */
  readonly summitHvac: number;
  /** Custom windows, one of them overnight. */
  readonly summitQa: number;
  /** After hours. */
  readonly baysideHeatingAir: number;
}

/** The payload field the Summit anchor team routes on. */
export const DEMO_ROUTING_FIELD = 'brand';

/**
 * The demo's intake configurations, in their input form (intakeConfigSchema fills the defaults):
 * - Summit Plumbing (anchor of the demo keys): default aliases, lead sources, scheduling always,
 *   two call attempts 15 minutes apart, and enterprise routing on `brand` (summit hvac → Summit
 *   HVAC, summit plumbing → Summit Plumbing, summit qa → Summit QA; anything else → Summit
 *   Plumbing, the default team).
 * - Summit HVAC: a CRM-shaped nested mapping (contact.phones[0].number, contact.first +
 *   contact.last, crm.lead_ref, notes from job.description + job.access_notes), its own lead
 *   sources, business hours Mon–Fri 08:00–17:00.
 * - Summit QA: custom windows, Friday 22:00–06:00 (overnight) and weekend mornings.
 * - Bayside Heating & Air: after hours (calls only outside Mon–Fri 07:00–18:00, Sat 08:00–12:00).
 */
export function demoIntakeConfigs(ids: DemoIntakeTeamIds): { readonly teamId: number; readonly config: IntakeConfigInput }[] {
  const weekdays = (start: string, end: string) =>
    Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => [day, [{ start, end }]]));
  return [
    {
      teamId: ids.summitPlumbing,
      config: {
        lead_sources: ['Google Ads', 'Facebook', 'Website', 'Google Local Services', 'Phone'],
        default_lead_source: 'Website',
        scheduling: { mode: 'always' },
        outreach: { max_attempts: 2, retry_spacing_minutes: 15 },
        routing: {
          rules: [
            { field: DEMO_ROUTING_FIELD, equals: ['summit hvac', 'summit heating & cooling'], team_id: ids.summitHvac },
            { field: DEMO_ROUTING_FIELD, equals: ['summit plumbing', 'summit'], team_id: ids.summitPlumbing },
            { field: DEMO_ROUTING_FIELD, equals: ['summit qa'], team_id: ids.summitQa },
          ],
          default_team_id: ids.summitPlumbing,
        },
      },
    },
    {
      teamId: ids.summitHvac,
      config: {
        field_mapping: {
          fields: {
            phone_number: ['contact.phones[0].number', 'contact.phone', 'phone'],
            first_name: ['contact.first'],
            last_name: ['contact.last'],
            email: ['contact.email'],
            street: ['contact.address.street'],
            city: ['contact.address.city'],
            state: ['contact.address.state'],
            zip: ['contact.address.zip'],
            service_type: ['job.type'],
            appointment_datetime: ['job.preferred_time'],
            lead_source: ['crm.source', 'source'],
            external_id: ['crm.lead_ref'],
          },
          notes_combine: ['job.description', 'job.access_notes'],
        },
        lead_sources: ['Google Ads', 'Facebook', 'Website', 'Angi'],
        default_lead_source: 'Website',
        scheduling: { mode: 'business_hours', business_hours: weekdays('08:00', '17:00') },
      },
    },
    {
      teamId: ids.summitQa,
      config: {
        scheduling: {
          mode: 'custom',
          custom_windows: {
            friday: [{ start: '22:00', end: '06:00' }],
            saturday: [{ start: '09:00', end: '13:00' }],
            sunday: [{ start: '09:00', end: '13:00' }],
          },
        },
      },
    },
    {
      teamId: ids.baysideHeatingAir,
      config: {
        scheduling: {
          mode: 'after_hours',
          business_hours: { ...weekdays('07:00', '18:00'), saturday: [{ start: '08:00', end: '12:00' }] },
        },
      },
    },
  ];
}
