import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { DateTime } from 'luxon';
import { applyFieldMapping } from '#shared/domain/intake/field-mapping';
import { type IntakeConfig, resolveLeadSource } from '#shared/domain/intake/intake-config';
import { intakeConfigSchema } from '#shared/domain/intake/intake-config-schema';
import { routeLead, routingTargets } from '#shared/domain/intake/routing';
import { nextAllowedInstant } from '#shared/domain/intake/scheduling';
import { LEAD_TYPES } from '#shared/domain/leads';
import { SESSION_EVENT_TYPES, type SessionRecord } from '#shared/domain/sessions';
import { generateCalls } from '../../../local/demo/calls';
import { issueTypesFor } from '../../../local/demo/catalog';
import { DEMO_ROUTING_FIELD, demoIntakeConfigs } from '../../../local/demo/intake-configs';
import { generateLeads } from '../../../local/demo/leads';
import { mulberry32, Random } from '../../../local/demo/random';
import { generateSessions } from '../../../local/demo/sessions';

const NOW = new Date('2026-03-15T16:00:00.000Z');
const DAYS = 60;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const FUNNEL = ['session_started', 'issue_selected', 'booking_started', 'customer_info_completed', 'booking_completed'];

const options = { teamId: 7, timezone: 'America/Chicago', count: 3000, days: DAYS, seed: 42, now: NOW, trade: 'hvac' as const };

describe('demo data generators', () => {
  let sessions: SessionRecord[];

  beforeAll(() => {
    sessions = generateSessions(options);
  });

  describe('seeded randomness', () => {
    it('repeats the same sequence for the same seed', () => {
      const a = mulberry32(123);
      const b = mulberry32(123);

      const first = Array.from({ length: 5 }, a);

      expect(Array.from({ length: 5 }, b)).toEqual(first);
      for (const value of first) expect(value).toBeGreaterThanOrEqual(0);
      for (const value of first) expect(value).toBeLessThan(1);
    });

    it('makes version-4-shaped UUIDs', () => {
      const rng = new Random(1);

      for (let i = 0; i < 50; i++) expect(rng.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    });
  });

  describe('sessions', () => {
    it('are identical for the same seed and instant', () => {
      const again = generateSessions(options);

      expect(JSON.stringify(again)).toBe(JSON.stringify(sessions));
    });

    it('differ for another seed', () => {
      const other = generateSessions({ ...options, seed: 43, count: 20 });

      expect(other.map((s) => s.session_id)).not.toEqual(sessions.slice(0, 20).map((s) => s.session_id));
    });

    it('mix statuses roughly 35 % booked, 45 % dropped off and 20 % pending', () => {
      const share = (status: string) => sessions.filter((s) => s.status === status).length / sessions.length;

      expect(share('booked')).toBeGreaterThan(0.3);
      expect(share('booked')).toBeLessThan(0.4);
      expect(share('dropped_off')).toBeGreaterThan(0.4);
      expect(share('dropped_off')).toBeLessThan(0.5);
      expect(share('pending')).toBeGreaterThan(0.15);
      expect(share('pending')).toBeLessThan(0.25);
    });

    it('carry events in strictly increasing time order, starting with session_started', () => {
      const unordered = sessions.filter(
        (s) =>
          s.events[0]?.event_type !== 'session_started' ||
          s.events[0]?.created_at !== s.started_at ||
          s.events.some((e, i) => i > 0 && Date.parse(e.created_at) <= Date.parse(s.events[i - 1]?.created_at ?? '')),
      );
      const unknownTypes = sessions
        .flatMap((s) => s.events.map((e) => e.event_type))
        .filter((t) => !(SESSION_EVENT_TYPES as readonly string[]).includes(t));

      expect(unordered).toEqual([]);
      expect(unknownTypes).toEqual([]);
    });

    it('follow the funnel in order and end the way their status says', () => {
      const inconsistent = sessions.filter((session) => {
        const types = session.events.map((e) => e.event_type);
        const funnelPart = types.filter((t) => t !== 'session_abandoned');
        const last = session.events[session.events.length - 1];
        if (funnelPart.join() !== FUNNEL.slice(0, funnelPart.length).join()) return true;
        switch (session.status) {
          case 'booked':
            return types.join() !== FUNNEL.join() || session.completed_at !== last?.created_at;
          case 'dropped_off':
            return last?.event_type !== 'session_abandoned' || types.includes('booking_completed') || session.completed_at !== null;
          default:
            return types.includes('booking_completed') || types.includes('session_abandoned') || session.completed_at !== null;
        }
      });

      expect(inconsistent).toEqual([]);
    });

    it("set last_activity_at to the customer's last event", () => {
      const wrong = sessions.filter((session) => {
        const customerEvents = session.events.filter((e) => e.event_type !== 'session_abandoned');
        return session.last_activity_at !== customerEvents[customerEvents.length - 1]?.created_at;
      });

      expect(wrong).toEqual([]);
    });

    it('fill booking details only for the stages that collect them', () => {
      const wrong = sessions.filter((session) => {
        const types = session.events.map((e) => e.event_type);
        const reachedBooking = types.includes('booking_started');
        const info = session.customer_info;
        return (
          (session.selected_date !== null) !== reachedBooking ||
          (session.selected_time !== null) !== reachedBooking ||
          (session.issue_type !== null) !== types.includes('issue_selected') ||
          (types.includes('customer_info_completed') && (info.name === null || info.phone === null)) ||
          (!reachedBooking && (info.name !== null || info.email !== null || info.phone !== null || info.address !== null))
        );
      });

      expect(wrong).toEqual([]);
    });

    it('give booked sessions a conversion value between 150 and 2,500 dollars, and only booked sessions a job id', () => {
      const wrong = sessions.filter((session) =>
        session.status === 'booked'
          ? session.conversion_value === null || session.conversion_value < 150 || session.conversion_value > 2500
          : session.conversion_value !== null || session.st_job_id !== null,
      );

      expect(wrong).toEqual([]);
      expect(sessions.some((s) => s.st_job_id !== null)).toBe(true);
    });

    it('write every instant as ISO UTC with milliseconds within the requested window', () => {
      const earliest = NOW.getTime() - DAYS * 86_400_000;
      const instants = sessions.flatMap((s) => [
        s.started_at,
        s.last_activity_at ?? '',
        ...(s.completed_at ? [s.completed_at] : []),
        ...s.events.map((e) => e.created_at),
      ]);

      const wrong = instants.filter((i) => !ISO_MS.test(i) || Date.parse(i) < earliest || Date.parse(i) >= NOW.getTime());

      expect(instants.length).toBeGreaterThan(sessions.length * 3);
      expect(wrong).toEqual([]);
    });

    it("cluster in the team's daytime hours, with few sessions overnight", () => {
      const hours = sessions.map((s) => DateTime.fromISO(s.started_at, { zone: options.timezone }).hour);
      const overnight = hours.filter((h) => h < 6).length;
      const morning = hours.filter((h) => h >= 8 && h < 12).length;

      expect(overnight / sessions.length).toBeLessThan(0.08);
      expect(morning).toBeGreaterThan(overnight * 5);
    });

    it('use valid E.164 US phone numbers and the trade’s issue types', () => {
      const issues = issueTypesFor('hvac');
      const phones = sessions.flatMap((s) => (s.customer_info.phone ? [s.customer_info.phone] : []));

      expect(phones.length).toBeGreaterThan(sessions.length / 3);
      expect(phones.filter((p) => !/^\+1\d{10}$/.test(p) || !isValidPhoneNumber(p))).toEqual([]);
      expect(sessions.filter((s) => s.issue_type !== null && !issues.includes(s.issue_type))).toEqual([]);
    });

    it('attribute a share of sessions to Google Ads with gclid, wbraid or gbraid', () => {
      const paid = sessions.filter((s) => s.utm.source === 'google' && s.utm.medium === 'cpc');
      const withClickId = paid.filter((s) => s.google_ads.gclid || s.google_ads.wbraid || s.google_ads.gbraid);

      expect(paid.length / sessions.length).toBeGreaterThan(0.2);
      expect(withClickId).toHaveLength(paid.length);
      expect(paid.some((s) => s.google_ads.wbraid)).toBe(true);
      expect(paid.some((s) => s.google_ads.gbraid)).toBe(true);
      expect(sessions.some((s) => s.utm.source === null)).toBe(true);
    });

    it('give every session a unique ses_ id', () => {
      const ids = new Set(sessions.map((s) => s.session_id));

      expect(ids.size).toBe(sessions.length);
      expect([...ids].filter((id) => !/^ses_[0-9a-f]{24}$/.test(id))).toEqual([]);
    });
  });

  describe('leads', () => {
    const leadOptions = { teamId: 7, timezone: 'America/Denver', count: 60, days: DAYS, seed: 9, now: NOW };

    it('include every lead type, with UUID ids, and repeat for the same seed', () => {
      const leads = generateLeads(leadOptions);

      expect(new Set(leads.map((l) => l.type))).toEqual(new Set(LEAD_TYPES));
      for (const lead of leads) {
        expect(lead.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(lead.datetime).toMatch(ISO_MS);
        expect(lead.team_id).toBe(7);
      }
      expect(generateLeads(leadOptions)).toEqual(leads);
    });

    it('include every type even when only five are asked for', () => {
      expect(new Set(generateLeads({ ...leadOptions, count: 5 }).map((l) => l.type))).toEqual(new Set(LEAD_TYPES));
    });
  });

  describe('calls', () => {
    it('are inbound AI-answered calls with transcript, summary and analysis', () => {
      const calls = generateCalls({
        teamId: 7,
        timezone: 'America/Los_Angeles',
        count: 10,
        days: DAYS,
        seed: 5,
        now: NOW,
        businessName: 'Bayside',
      });

      expect(calls).toHaveLength(10);
      for (const call of calls) {
        expect(call.type).toBe('inboundPhoneCall');
        expect(call.transcript).toContain('Bayside');
        expect(call.summary).toEqual(expect.any(String));
        expect(call.analysis.call_reason).toEqual(expect.any(String));
        expect(typeof call.analysis.booking_intent).toBe('boolean');
        expect(Date.parse(call.ended_at ?? '') - Date.parse(call.started_at)).toBeGreaterThanOrEqual((call.duration_seconds ?? 0) * 1000);
        expect(call.customer.phone && isValidPhoneNumber(call.customer.phone)).toBe(true);
      }
    });
  });

  describe('intake configurations', () => {
    const ids = { summitPlumbing: 11, summitHvac: 12, summitQa: 13, baysideHeatingAir: 21 };
    const configs = new Map<number, IntakeConfig>(
      demoIntakeConfigs(ids).map(({ teamId, config }) => [teamId, intakeConfigSchema.parse(config)]),
    );
    const config = (teamId: number): IntakeConfig => {
      const found = configs.get(teamId);
      if (!found) throw new Error(`no demo intake configuration for team ${teamId}`);
      return found;
    };
    const at = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toJSDate();
    const schedule = (teamId: number, zone: string) => ({ ...config(teamId).scheduling, timezone: zone });

    it('validate against the intake configuration schema, one per configured team', () => {
      for (const { config: input } of demoIntakeConfigs(ids)) expect(intakeConfigSchema.safeParse(input).success).toBe(true);

      expect([...configs.keys()].sort()).toEqual([11, 12, 13, 21]);
    });

    it('use every scheduling mode, with an overnight custom window', () => {
      expect([...configs.values()].map((c) => c.scheduling.mode).sort()).toEqual(['after_hours', 'always', 'business_hours', 'custom']);
      const overnight = Object.values(config(ids.summitQa).scheduling.custom_windows)
        .flat()
        .filter((w) => w !== undefined && w.end <= w.start);
      expect(overnight).toEqual([{ start: '22:00', end: '06:00' }]);
    });

    it('route the anchor team by brand, first match wins, and fall back to the anchor as default team', () => {
      const routing = config(ids.summitPlumbing).routing;
      const route = (brand: string | undefined) => routeLead(routing, brand === undefined ? {} : { [DEMO_ROUTING_FIELD]: brand });

      expect(route('Summit HVAC')).toMatchObject({ kind: 'rule', teamId: ids.summitHvac, ruleIndex: 0 });
      expect(route(' summit heating & cooling ')).toMatchObject({ kind: 'rule', teamId: ids.summitHvac });
      expect(route('SUMMIT PLUMBING')).toMatchObject({ kind: 'rule', teamId: ids.summitPlumbing });
      expect(route('summit qa')).toMatchObject({ kind: 'rule', teamId: ids.summitQa });
      expect(route('Acme Roofing')).toEqual({ kind: 'default', teamId: ids.summitPlumbing });
      expect(route(undefined)).toEqual({ kind: 'default', teamId: ids.summitPlumbing });
      expect(routingTargets(routing).sort()).toEqual([ids.summitPlumbing, ids.summitHvac, ids.summitQa].sort());
    });

    it('map a CRM-shaped payload through the nested mapping of Summit HVAC', () => {
      const hvac = config(ids.summitHvac);
      const payload = {
        brand: 'Summit HVAC',
        contact: {
          first: 'Marcus',
          last: 'Oyelaran',
          phones: [{ type: 'mobile', number: '(312) 555-0178' }],
          email: 'marcus.oyelaran@example.com',
          address: { street: '4410 N Lincoln Ave', city: 'Chicago', state: 'IL', zip: '60625' },
        },
        job: { type: 'AC repair', description: 'Upstairs unit blowing warm air', access_notes: 'Side gate code 4412' },
        crm: { lead_ref: 'CRM-88412', source: 'angi' },
      };

      const mapped = applyFieldMapping(payload, hvac.field_mapping);

      expect(mapped.fields).toMatchObject({
        phone_number: '(312) 555-0178',
        customer_name: 'Marcus Oyelaran',
        external_id: 'CRM-88412',
        service_type: 'AC repair',
        zip: '60625',
        lead_source: 'angi',
      });
      expect(mapped.notesObject).toEqual({
        'job.description': 'Upstairs unit blowing warm air',
        'job.access_notes': 'Side gate code 4412',
      });
      expect(mapped.unmappedPaths).toEqual(['brand', 'contact.phones[0].type']);
      expect(resolveLeadSource(hvac, mapped.fields.lead_source)).toBe('Angi');
    });

    it('keep the default aliases on the anchor team, with two call attempts', () => {
      const anchor = config(ids.summitPlumbing);

      expect(anchor.field_mapping).toBeNull();
      expect(anchor.outreach).toEqual({ max_attempts: 2, retry_spacing_minutes: 15 });
      expect(resolveLeadSource(anchor, 'google ads')).toBe('Google Ads');
      expect(resolveLeadSource(anchor, 'Billboard')).toBe('Website');
    });

    it('schedule calls by each mode in the team time zone', () => {
      const chicago = 'America/Chicago';
      const newYork = 'America/New_York';
      const losAngeles = 'America/Los_Angeles';
      const saturdayNoon = at('2026-03-14T12:00', chicago);

      expect(nextAllowedInstant(schedule(ids.summitPlumbing, newYork), saturdayNoon)).toEqual(saturdayNoon);
      expect(nextAllowedInstant(schedule(ids.summitHvac, chicago), saturdayNoon)).toEqual(at('2026-03-16T08:00', chicago));
      expect(nextAllowedInstant(schedule(ids.summitHvac, chicago), at('2026-03-16T09:30', chicago))).toEqual(
        at('2026-03-16T09:30', chicago),
      );
      expect(nextAllowedInstant(schedule(ids.summitQa, newYork), at('2026-03-14T01:30', newYork))).toEqual(at('2026-03-14T01:30', newYork));
      expect(nextAllowedInstant(schedule(ids.summitQa, newYork), at('2026-03-14T07:00', newYork))).toEqual(at('2026-03-14T09:00', newYork));
      expect(nextAllowedInstant(schedule(ids.baysideHeatingAir, losAngeles), at('2026-03-17T10:00', losAngeles))).toEqual(
        at('2026-03-17T18:00', losAngeles),
      );
      expect(nextAllowedInstant(schedule(ids.baysideHeatingAir, losAngeles), at('2026-03-17T20:00', losAngeles))).toEqual(
        at('2026-03-17T20:00', losAngeles),
      );
    });
  });
});
