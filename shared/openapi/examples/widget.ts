import type { OperationExamplesById } from './types';

/** The scheduling widget's routes (a session of the demo's first team, its token shortened). */

const session = (overrides: Record<string, unknown> = {}) => ({
  session_id: 'ses_4f1c2a9e0b7d4c3f8a6e5d2b1c0f9e8d',
  team_id: 1,
  scheduler_id: 11,
  status: 'pending',
  customer_info: { name: null, email: null, phone: null, address: null },
  issue_type: null,
  job_type: null,
  selected_date: null,
  selected_time: null,
  utm: { source: 'google', medium: 'cpc', campaign: 'spring-tuneup', term: null, content: null },
  google_ads: { gclid: 'EAIaIQobChMI8x', wbraid: null, gbraid: null },
  st_job_id: null,
  started_at: '2026-11-27T15:02:11.418Z',
  completed_at: null,
  last_activity_at: '2026-11-27T15:02:11.418Z',
  recovered: false,
  events: [{ event_type: 'session_started', created_at: '2026-11-27T15:02:11.418Z' }],
  ...overrides,
});

const TOKEN = 'wst_MXwxMXwyMDI2LTExLTI3VDE1OjAyOjExLjQxOFp8c2VzXzRmMWMy.q3J9vW0xYb2cN5dE8fG1hI4jK7lM0nO3pQ6rS9tU2vX';

export const WIDGET_EXAMPLES: OperationExamplesById = {
  startWidgetSession: {
    request: {
      default: {
        summary: 'Opened on an ad landing page',
        value: {
          page_url: 'https://acme-hvac.example/book?utm_source=google&utm_medium=cpc&utm_campaign=spring-tuneup&gclid=EAIaIQobChMI8x',
          referrer: 'https://www.google.com/',
        },
      },
    },
    responses: {
      '201': {
        started: {
          summary: 'A pending session, its token and what the scheduler offers',
          value: {
            token: TOKEN,
            session: session(),
            scheduler: {
              team_id: 1,
              scheduler_id: 11,
              name: 'Northside Heating & Air booking widget',
              services: ['AC Repair', 'Furnace Repair', 'Maintenance Tune-up'],
              job_types: ['Service', 'Estimate'],
              time_zone: 'America/Chicago',
              days_ahead: 14,
            },
          },
        },
      },
    },
  },
  getWidgetAvailability: {
    responses: {
      '200': {
        week: {
          summary: 'Open slots of one day (the answer holds one entry per day asked for)',
          value: {
            time_zone: 'America/Chicago',
            first_date: '2026-11-27',
            last_date: '2026-12-10',
            days: [
              {
                date: '2026-11-28',
                slots: [
                  { time: '08:00', label: '8:00 AM', starts_at: '2026-11-28T14:00:00.000Z', remaining: 1 },
                  { time: '09:00', label: '9:00 AM', starts_at: '2026-11-28T15:00:00.000Z', remaining: 2 },
                ],
              },
            ],
          },
        },
      },
    },
  },
  recordWidgetStep: {
    request: {
      default: { summary: 'The customer picked a service', value: { event_type: 'issue_selected', issue_type: 'AC Repair' } },
      slot: {
        summary: 'The customer picked a slot (kept, so a resume link reopens on it)',
        value: { event_type: 'booking_started', date: '2026-11-28', time: '10:00' },
      },
    },
    responses: {
      '200': {
        recorded: {
          summary: 'The session with the step',
          value: {
            session: session({
              issue_type: 'AC Repair',
              last_activity_at: '2026-11-27T15:02:19.007Z',
              recovered: false,
              events: [
                { event_type: 'session_started', created_at: '2026-11-27T15:02:11.418Z' },
                { event_type: 'issue_selected', created_at: '2026-11-27T15:02:19.007Z' },
              ],
            }),
          },
        },
      },
    },
  },
  resumeWidgetSession: {
    request: {
      default: {
        summary: 'The resume parameter of the link a recovery text carried',
        value: { resume_token: 'wrt_MXwxMXwyMDI2LTExLTI3VDE1OjAyOjExLjQxOFp8c2VzXzRmMWMy.Zk3pQ0sVb1nT8wXy2cA5eR7uI9oL4hG6jD3fK0mN1qP' },
      },
    },
    responses: {
      '200': {
        resumed: {
          summary: 'Reopened at the details step, the details filled, with a fresh token',
          value: {
            token: TOKEN,
            step: 'customer_info_completed',
            session: session({
              issue_type: 'AC Repair',
              selected_date: '2026-11-28',
              selected_time: '10:00',
              customer_info: {
                name: 'Robin Vale',
                email: 'robin.vale@example.com',
                phone: '+14155550188',
                address: '12 Elm St, Springfield',
              },
              last_activity_at: '2026-11-27T17:40:03.118Z',
              events: [
                { event_type: 'session_started', created_at: '2026-11-27T15:02:11.418Z' },
                { event_type: 'issue_selected', created_at: '2026-11-27T15:02:19.007Z' },
                { event_type: 'booking_started', created_at: '2026-11-27T15:02:40.551Z' },
                { event_type: 'customer_info_completed', created_at: '2026-11-27T15:03:02.551Z' },
                { event_type: 'session_abandoned', created_at: '2026-11-27T15:33:02.551Z' },
                { event_type: 'recovery_sent', created_at: '2026-11-27T15:33:04.020Z', channel: 'text' },
                { event_type: 'session_resumed', created_at: '2026-11-27T17:40:03.118Z' },
              ],
            }),
            scheduler: {
              team_id: 1,
              scheduler_id: 11,
              name: 'Northside Heating & Air booking widget',
              services: ['AC Repair', 'Furnace Repair', 'Maintenance Tune-up'],
              job_types: ['Service', 'Estimate'],
              time_zone: 'America/Chicago',
              days_ahead: 14,
            },
            slot: { date: '2026-11-28', time: '10:00', label: '10:00 AM', starts_at: '2026-11-28T16:00:00.000Z', remaining: 2 },
          },
        },
      },
    },
  },
  bookWidgetSession: {
    request: {
      default: {
        summary: 'Book Saturday 8:00 AM',
        value: {
          issue_type: 'AC Repair',
          date: '2026-11-28',
          time: '08:00',
          name: 'Jordan Avery',
          phone: '(312) 555-0188',
          email: 'jordan.avery@example.com',
          address: '2200 W Belmont Ave, Chicago, IL 60618',
          website: '',
        },
      },
    },
    responses: {
      '200': {
        booked: {
          summary: 'Booked',
          value: {
            status: 'booked',
            session: session({
              status: 'booked',
              issue_type: 'AC Repair',
              selected_date: '2026-11-28',
              selected_time: '08:00',
              customer_info: {
                name: 'Jordan Avery',
                email: 'jordan.avery@example.com',
                phone: '+13125550188',
                address: '2200 W Belmont Ave, Chicago, IL 60618',
              },
              completed_at: '2026-11-27T15:03:02.551Z',
              last_activity_at: '2026-11-27T15:03:02.551Z',
              recovered: false,
              events: [
                { event_type: 'session_started', created_at: '2026-11-27T15:02:11.418Z' },
                { event_type: 'issue_selected', created_at: '2026-11-27T15:02:19.007Z' },
                { event_type: 'booking_started', created_at: '2026-11-27T15:02:27.880Z' },
                { event_type: 'customer_info_completed', created_at: '2026-11-27T15:03:02.310Z' },
                { event_type: 'booking_completed', created_at: '2026-11-27T15:03:02.551Z' },
              ],
            }),
            starts_at: '2026-11-28T14:00:00.000Z',
            message: 'Your visit is booked for 2026-11-28 08:00 (America/Chicago).',
          },
        },
      },
    },
  },
};
