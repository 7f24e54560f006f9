import { type Attribution, LEAD_TYPES, type LeadRecord, type LeadType } from '#shared/domain/leads';
import { attributionFor } from './attribution';
import { addDays, inSentence, iso, LocalCalendar } from './calendar';
import { type IssueSpec, type Person, person, pickIssue, type ServiceArea, serviceAreasFor } from './catalog';
import { Random } from './random';
import { type GeneratorOptions, SLOT_TIMES } from './sessions';

/** Leads of every channel, with the content each channel carries. */

export interface LeadGeneratorOptions extends GeneratorOptions {
  /** Host of the team's website, for referrer URLs. @default `team<id>.example.com` */
  readonly siteHost?: string;
}

const LEAD_TYPE_MIX: readonly (readonly [LeadType, number])[] = [
  ['call', 35],
  ['scheduling_widget', 25],
  ['web_chat', 15],
  ['text', 12],
  ['google_lsa', 13],
];

const LEAD_STATUS_MIX: readonly (readonly [string, number])[] = [
  ['new', 20],
  ['contacted', 30],
  ['booked', 30],
  ['completed', 10],
  ['lost', 10],
];

const LEAD_AGENT: Record<LeadType, string> = {
  call: 'AI Receptionist',
  scheduling_widget: 'Scheduling widget',
  web_chat: 'Web chat assistant',
  text: 'SMS assistant',
  google_lsa: 'Google Local Services',
};

const LEAD_SOURCE: Record<LeadType, string> = {
  call: 'Phone',
  scheduling_widget: 'Website scheduler',
  web_chat: 'Website chat',
  text: 'Text message',
  google_lsa: 'Google Local Services',
};

/**
 * Leads of one team, oldest first. The first five are one of each LEAD_TYPES value, so every type
 * is present whenever count ≥ 5; the rest follow a realistic channel mix.
 */
export function generateLeads(options: LeadGeneratorOptions): LeadRecord[] {
  const rng = new Random(options.seed);
  const trade = options.trade ?? 'home_services';
  const areas = options.serviceAreas ?? serviceAreasFor(options.timezone);
  const calendar = new LocalCalendar(options.now ?? new Date(), options.timezone, options.days);
  const site = options.siteHost ?? `team${options.teamId}.example.com`;
  const leads: LeadRecord[] = [];

  for (let i = 0; i < options.count; i++) {
    const type = i < LEAD_TYPES.length ? (LEAD_TYPES[i] as LeadType) : rng.weighted(LEAD_TYPE_MIX);
    const at = calendar.pick(rng);
    const issue = pickIssue(rng, trade, at);
    const area = rng.pick(areas);
    const customer = person(rng, area);
    const status = rng.weighted(LEAD_STATUS_MIX);

    let attribution: Attribution;
    if (type === 'google_lsa') {
      attribution = { utm_source: 'google', utm_medium: 'lsa', utm_campaign: null, utm_term: null, utm_content: null, gclid: null };
    } else {
      const { utm, google_ads } = attributionFor(rng, trade, issue);
      attribution = {
        utm_source: utm.source,
        utm_medium: utm.medium,
        utm_campaign: utm.campaign,
        utm_term: utm.term,
        utm_content: utm.content,
        gclid: google_ads.gclid,
      };
    }

    const appointment =
      status === 'booked' || status === 'completed'
        ? {
            date: addDays(at.date, rng.int(0, 5)),
            time: rng.pick(SLOT_TIMES),
            job_type: issue.job,
          }
        : null;

    leads.push({
      id: rng.uuid(),
      lead_id: null,
      team_id: options.teamId,
      type,
      datetime: iso(at.ms),
      status,
      customer_name: customer.name,
      customer_phone: customer.phone,
      customer_email: type === 'call' || type === 'text' ? (rng.chance(0.3) ? customer.email : null) : customer.email,
      lead_content: leadContent(rng, type, issue, customer, area),
      agent: LEAD_AGENT[type],
      referrer_url: referrerFor(rng, type, site),
      attribution,
      external_id: type === 'google_lsa' ? `lsa_${rng.int(100_000_000, 999_999_999)}` : null,
      source: LEAD_SOURCE[type],
      outreach: null,
      appointment,
    });
  }
  return leads.sort((a, b) => (a.datetime < b.datetime ? -1 : a.datetime > b.datetime ? 1 : 0));
}

function referrerFor(rng: Random, type: LeadType, site: string): string | null {
  switch (type) {
    case 'scheduling_widget':
      return `https://${site}${rng.pick(['/', '/book-online', '/services/water-heaters', '/services/ac-repair', '/contact'])}`;
    case 'web_chat':
      return `https://${site}${rng.pick(['/', '/pricing', '/service-areas', '/reviews'])}`;
    case 'google_lsa':
      return 'https://www.google.com/localservices/prolist';
    default:
      return null;
  }
}

function leadContent(rng: Random, type: LeadType, issue: IssueSpec, customer: Person, area: ServiceArea): Record<string, unknown> {
  const problem = inSentence(issue.issue);
  switch (type) {
    case 'call':
      return {
        call_duration_seconds: rng.int(45, 540),
        call_summary: `Caller reported ${problem} at their home in ${area.city} and asked about the earliest availability.`,
        caller_name: customer.name,
      };
    case 'scheduling_widget':
      return {
        issue_type: issue.issue,
        job_type: issue.job,
        zip: customer.address.slice(-5),
        notes: rng.chance(0.4) ? 'Gate code 1234, dog in the yard' : null,
      };
    case 'web_chat':
      return {
        first_message: `Hi, I need help with ${problem}. How soon can someone come out?`,
        messages: [
          { from: 'customer', text: `Hi, I need help with ${problem}. How soon can someone come out?` },
          {
            from: 'assistant',
            text: `Sorry to hear that! We have technicians in ${area.city}. Can I get your name and number to book a visit?`,
          },
          { from: 'customer', text: `${customer.name}, ${customer.phone}` },
        ],
      };
    case 'text':
      return { message: `Hello, do you service ${area.city}? We have ${problem} and need someone this week.`, channel: 'sms' };
    case 'google_lsa':
      return {
        lead_type: rng.pick(['phone_call', 'message', 'booking']),
        category: issue.job === 'Maintenance' || issue.issue.includes('AC') || issue.issue.includes('urnace') ? 'HVAC' : 'Plumber',
        job_type: issue.issue,
        location: `${area.city}, ${area.state}`,
        charge_status: rng.pick(['charged', 'not_charged', 'credited']),
      };
  }
}
