import type { OperationExamplesById } from './types';

/** Funnel and scheduler analytics. */
export const ANALYTICS_EXAMPLES: OperationExamplesById = {
  getTeamFunnel: {
    responses: {
      '200': {
        default: {
          summary: 'The funnel of the last 7 days',
          value: {
            data: {
              sessions: 159,
              booking_started: 99,
              customer_info_completed: 75,
              booking_completed: 54,
              conversion_rate: 0.3396,
              drop_off_count: 76,
              drop_off_rate: 0.478,
              qualified_drop_offs: 212,
              recovery_attempts: 198,
              recovered_bookings: 41,
            },
            meta: {
              team_id: 1,
              start_date: '2026-11-16T08:17:43.380Z',
              end_date: '2026-11-23T08:17:43.380Z',
              timezone: 'America/New_York',
            },
          },
        },
      },
    },
  },
  getSchedulerAnalytics: {
    responses: {
      '200': {
        default: {
          summary: 'Every block, lists shortened to two rows',
          value: {
            data: {
              funnel: {
                sessions: 159,
                bookingStarted: 99,
                customerInfoCompleted: 75,
                bookingCompleted: 54,
                conversionRate: 0.3396,
              },
              bookings: {
                total: 54,
                avgBookingTimeSeconds: 351,
              },
              chartData: [
                {
                  date: '2026-11-16',
                  sessions: 25,
                  conversions: 10,
                },
                {
                  date: '2026-11-17',
                  sessions: 18,
                  conversions: 6,
                },
              ],
              utmData: [
                {
                  source: 'google',
                  medium: 'organic',
                  campaign: '',
                  term: '',
                  content: '',
                  sessions: 14,
                  conversions: 6,
                },
                {
                  source: 'yelp',
                  medium: 'referral',
                  campaign: '',
                  term: '',
                  content: '',
                  sessions: 6,
                  conversions: 1,
                },
              ],
              googleAdsData: [
                {
                  gclid: '',
                  wbraid: '',
                  gbraid: '0AAAAADBklQ-eA0g3RswLuDaIrJm3j1x',
                  sessions: 1,
                  conversions: 1,
                },
                {
                  gclid: '',
                  wbraid: '',
                  gbraid: '0AAAAAGin89jemeIoFUdGbypuJCnO5yG',
                  sessions: 1,
                  conversions: 1,
                },
              ],
              serviceAreaData: [
                {
                  serviceArea: 'Brooklyn',
                  count: 32,
                },
                {
                  serviceArea: 'Queens',
                  count: 26,
                },
              ],
              issueTypeData: [
                {
                  issueType: 'Drain clog',
                  count: 38,
                },
                {
                  issueType: 'Water heater repair',
                  count: 21,
                },
              ],
              customerEvents: [
                {
                  sessionId: 'ses_b1c40e6612a5203c800e2737',
                  status: 'dropped_off',
                  customerInfo: {
                    name: '',
                    email: '',
                    phone: '',
                    address: '',
                  },
                  issueType: '',
                  jobType: '',
                  selectedDate: '',
                  selectedTime: '',
                  utmSource: '',
                  gclid: '',
                  conversionValue: 0,
                  lastActivity: '2026-11-23T02:57:51.292Z',
                },
                {
                  sessionId: 'ses_5418b7719ca7d1014b50fc31',
                  status: 'pending',
                  customerInfo: {
                    name: 'Samuel Schmidt',
                    email: '',
                    phone: '+12035550180',
                    address: '',
                  },
                  issueType: 'Drain clog',
                  jobType: 'Repair',
                  selectedDate: '2026-11-27',
                  selectedTime: '14:00',
                  utmSource: '',
                  gclid: '',
                  conversionValue: 0,
                  lastActivity: '2026-11-23T02:00:48.927Z',
                },
              ],
            },
            pagination: {
              limit: 2,
              offset: 0,
              has_more: true,
            },
            metadata: {
              teamId: 1,
              startDate: '2026-11-16T08:17:43.447Z',
              endDate: '2026-11-23T08:17:43.447Z',
              timezone: 'America/New_York',
              schedulerId: null,
              metricsRequested: ['funnel', 'bookings'],
              truncatedBlocks: [],
            },
          },
        },
      },
    },
  },
};
