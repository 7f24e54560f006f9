import type { Identity } from '../../shared/auth/identity';
import { type IngestRequest, type IngestResult, ingestLead } from '../../shared/domain/intake/ingest';
import type { IntakeConfigInput } from '../../shared/domain/intake/intake-config';
import { BadRequestError, ConflictError, ForbiddenError, type HttpError } from '../../shared/http/errors';
import { identity } from '../support/factories';
import {
  InMemoryIntakeConfigs,
  InMemoryIntakeStore,
  RecordingEventBus,
  RecordingQueue,
  RecordingScheduler,
  team,
  tenancyOf,
} from '../support/intake-fakes';
import { leadEventViolations } from '../support/lead-event-schemas';

process.env.LOG_LEVEL = 'silent';

/** Enterprise 1: the anchor team (New York) and a sibling (Chicago); enterprise 2: a foreign team. */
const ANCHOR = team({ id: 10, enterpriseId: 1, timezone: 'America/New_York' });
const SIBLING = team({ id: 11, enterpriseId: 1, timezone: 'America/Chicago' });
const FOREIGN = team({ id: 20, enterpriseId: 2, timezone: 'America/Los_Angeles' });

const singleTeamKey = identity({
  keyType: 'enterprise',
  scope: { kind: 'team', id: ANCHOR.id },
  anchorTeamId: ANCHOR.id,
  enterpriseId: 1,
  teamIds: [ANCHOR.id],
  testTeamIds: [],
});
const allTeamsKey = identity({
  keyType: 'enterprise_all_teams',
  scope: { kind: 'enterprise', id: 1 },
  anchorTeamId: ANCHOR.id,
  enterpriseId: 1,
  teamIds: [ANCHOR.id, SIBLING.id],
  testTeamIds: [],
});

/** Tuesday 2026-11-24 15:00 UTC = 10:00 in New York. */
const NOW = new Date('2026-11-24T15:00:00.000Z');

function setup(configs: Record<number, IntakeConfigInput> = {}) {
  const deps = {
    tenancy: tenancyOf([ANCHOR, SIBLING, FOREIGN]),
    configs: new InMemoryIntakeConfigs(),
    intake: new InMemoryIntakeStore(),
    outreachQueue: new RecordingQueue(),
    scheduler: new RecordingScheduler(),
    eventBus: new RecordingEventBus(),
  };
  for (const [teamId, config] of Object.entries(configs)) deps.configs.set(Number(teamId), config);
  const ingest = (payload: Record<string, unknown>, options: Partial<Omit<IngestRequest, 'payload'>> = {}) =>
    ingestLead(deps, { identity: singleTeamKey, now: NOW, testMode: false, payload, ...options });
  return { deps, ingest };
}

function created(result: IngestResult) {
  if (result.kind !== 'created') throw new Error(`expected a created lead, got ${result.kind}`);
  return result;
}

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('expected the ingest to be refused');
}

const basic = { name: 'Dana Whitfield', phone: '(212) 555-0199' };

describe('ingestLead: field mapping', () => {
  it('maps a payload through the default aliases', async () => {
    const { deps, ingest } = setup();
    const result = created(
      await ingest({
        full_name: 'Dana Whitfield',
        phoneNumber: '212-555-0199',
        emailAddress: 'dana@example.com',
        service: 'Water heater repair',
        externalId: 'crm-1',
        city: 'Brooklyn',
        state: 'NY',
        message: 'No hot water',
        utm: { source: 'google', campaign: 'winter' },
        extra: { untouched: true },
      }),
    );
    const lead = deps.intake.leads.get(result.stlCallId);
    expect(lead).toMatchObject({
      lead_id: result.leadId,
      team_id: ANCHOR.id,
      customer_name: 'Dana Whitfield',
      customer_phone: '+12125550199',
      customer_email: 'dana@example.com',
      external_id: 'crm-1',
      status: 'new',
      attribution: { utm_source: 'google', utm_campaign: 'winter', utm_medium: null },
    });
    expect(lead?.lead_content).toMatchObject({
      service_type: 'Water heater repair',
      address: 'Brooklyn, NY',
      notes: 'No hot water',
      unmapped_fields: ['extra.untouched'],
    });
    expect(result.preview.field_sources).toMatchObject({ customer_name: 'full_name', phone_number: 'phoneNumber', email: 'emailAddress' });
  });

  it('maps nested paths of a custom mapping, combines notes, and falls back to the defaults for targets it leaves out', async () => {
    const { deps, ingest } = setup({
      [ANCHOR.id]: {
        field_mapping: {
          fields: {
            phone_number: ['contact.phones[0].number', 'contact.phone'],
            customer_name: ['contact["full name"]'],
            service_type: ['form.answers[1].value'],
          },
          notes_combine: ['form.answers[0].value', 'form.budget'],
        },
      },
    });
    const result = created(
      await ingest({
        contact: { 'full name': 'Lee Park', phones: [{ number: '(646) 555-3890' }] },
        email: 'lee@example.com',
        form: { answers: [{ value: 'Basement floods' }, { value: 'Sump pump' }], budget: 1500 },
      }),
    );
    const lead = deps.intake.leads.get(result.stlCallId);
    expect(lead).toMatchObject({ customer_name: 'Lee Park', customer_phone: '+16465553890', customer_email: 'lee@example.com' });
    expect(lead?.lead_content).toMatchObject({
      service_type: 'Sump pump',
      notes: { 'form.answers[0].value': 'Basement floods', 'form.budget': 1500 },
    });
    expect(result.preview.field_sources.phone_number).toBe('contact.phones[0].number');
  });

  it("normalizes the phone to E.164 in the team's region", async () => {
    const us = setup();
    const usResult = created(await us.ingest({ phone: '212.555.0199' }));
    expect(us.deps.intake.leads.get(usResult.stlCallId)?.customer_phone).toBe('+12125550199');

    const uk = setup({ [ANCHOR.id]: { phone_region: 'GB' } });
    const ukResult = created(await uk.ingest({ phone: '020 7946 0018' }));
    expect(uk.deps.intake.leads.get(ukResult.stlCallId)?.customer_phone).toBe('+442079460018');
    // A number with its country code is read as such in any region.
    const foreign = created(await uk.ingest({ phone: '+1 212 555 0123' }));
    expect(uk.deps.intake.leads.get(foreign.stlCallId)?.customer_phone).toBe('+12125550123');
  });
});

describe('ingestLead: validation', () => {
  it('refuses a lead without a phone with a 400 naming phone_number', async () => {
    const { deps, ingest } = setup();
    const error = await rejection(ingest({ name: 'No Phone', email: 'np@example.com' }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ statusCode: 400, field: 'phone_number' });
    expect(error.message).toMatch(/^phone_number: /);
    expect(deps.intake.leads.size).toBe(0);
  });

  it('refuses a phone that is not a valid number with a 400 naming phone_number', async () => {
    const { ingest } = setup();
    const error = await rejection(ingest({ phone: '12345' }));
    expect(error).toMatchObject({ statusCode: 400, field: 'phone_number' });
    expect(error.message).toContain('"12345"');
  });

  it.each(['next tuesday', '2026-11-25', '2026-13-45T10:00:00', 'soon'])(
    'refuses appointment_datetime "%s" with a 400 naming the field',
    async (value) => {
      const { deps, ingest } = setup();
      const error = await rejection(ingest({ ...basic, appointment_datetime: value }));
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ statusCode: 400, field: 'appointment_datetime' });
      expect(error.message).toMatch(/^appointment_datetime: /);
      expect(deps.intake.leads.size).toBe(0);
    },
  );

  it.each([
    // [team, text, UTC instant]
    [ANCHOR, '2026-11-25T14:00', '2026-11-25T19:00:00.000Z'],
    [ANCHOR, '2026-11-25 14:00', '2026-11-25T19:00:00.000Z'],
    [ANCHOR, '11/25/2026 2:00 PM', '2026-11-25T19:00:00.000Z'],
    [ANCHOR, '2026-07-01T09:00:00', '2026-07-01T13:00:00.000Z'],
    [SIBLING, '2026-11-25T14:00', '2026-11-25T20:00:00.000Z'],
    [SIBLING, '2026-11-25T14:00:00-05:00', '2026-11-25T19:00:00.000Z'],
  ] as const)("reads appointment_datetime without an offset in the team's zone (%#)", async (target, text, expected) => {
    const { deps } = setup();
    const key =
      target.id === ANCHOR.id
        ? singleTeamKey
        : identity({ ...singleTeamKey, scope: { kind: 'team', id: target.id }, anchorTeamId: target.id, teamIds: [target.id] });
    const result = created(
      await ingestLead(deps, { identity: key, now: NOW, testMode: false, payload: { ...basic, appointment_datetime: text } }),
    );
    expect(deps.intake.leads.get(result.stlCallId)?.lead_content.appointment_datetime).toBe(expected);
  });

  it('drops an invalid email with a warning instead of refusing the lead', async () => {
    const { deps, ingest } = setup();
    const result = created(await ingest({ ...basic, email: 'not-an-email' }));
    expect(deps.intake.leads.get(result.stlCallId)?.customer_email).toBeNull();
    expect(result.preview.warnings).toEqual([expect.stringMatching(/^email: /)]);
  });
});

describe('ingestLead: lead_source', () => {
  const sources = { lead_sources: ['Google Ads', 'Website', 'Angi'], default_lead_source: 'Website' };

  it('records a configured source in its configured spelling, matched case-insensitively', async () => {
    const { deps, ingest } = setup({ [ANCHOR.id]: sources });
    const result = created(await ingest({ ...basic, source: '  google ADS ' }));
    const lead = deps.intake.leads.get(result.stlCallId);
    expect(lead?.source).toBe('Google Ads');
    expect(lead?.lead_content.lead_source_raw).toBe('google ADS');
    expect(result.preview.warnings).toEqual([]);
  });

  it('records an unknown source as the default lead source, keeps the raw value and warns', async () => {
    const { deps, ingest } = setup({ [ANCHOR.id]: sources });
    const result = created(await ingest({ ...basic, lead_source: 'Billboard' }));
    const lead = deps.intake.leads.get(result.stlCallId);
    expect(lead?.source).toBe('Website');
    expect(lead?.lead_content.lead_source_raw).toBe('Billboard');
    expect(result.preview.warnings).toEqual([expect.stringContaining('"Billboard" is not a configured lead source')]);
  });

  it('does not warn when the value is the default source itself in another case', async () => {
    const { ingest } = setup({ [ANCHOR.id]: sources });
    const result = created(await ingest({ ...basic, lead_source: 'website' }));
    expect(result.preview.lead_source).toBe('Website');
    expect(result.preview.warnings).toEqual([]);
  });

  it('gives a lead without a source the default, and keeps the value as sent when no sources are configured', async () => {
    const configured = setup({ [ANCHOR.id]: sources });
    expect(created(await configured.ingest(basic)).preview.lead_source).toBe('Website');
    const open = setup();
    expect(created(await open.ingest({ ...basic, source: ' Trade show ' })).preview.lead_source).toBe('Trade show');
  });

  it('records an unknown source as null when no default is configured', async () => {
    const { deps, ingest } = setup({ [ANCHOR.id]: { lead_sources: ['Website'] } });
    const result = created(await ingest({ ...basic, source: 'Billboard' }));
    expect(deps.intake.leads.get(result.stlCallId)?.source).toBeNull();
    expect(result.preview.warnings).toEqual([expect.stringContaining('recorded as none')]);
  });
});

describe('ingestLead: enterprise routing for an enterprise_all_teams key', () => {
  const rules = (extra: Partial<IntakeConfigInput['routing']> = {}): Record<number, IntakeConfigInput> => ({
    [ANCHOR.id]: {
      routing: {
        rules: [
          { field: 'brand', equals: ['Summit HVAC'], team_id: SIBLING.id },
          { field: 'brand', equals: ['summit hvac', 'Summit Plumbing'], team_id: ANCHOR.id },
        ],
        ...extra,
      },
    },
  });
  const asAllTeams = { identity: allTeamsKey as Identity };

  it('routes by the first matching rule, comparing trimmed values case-insensitively', async () => {
    const { deps, ingest } = setup(rules());
    const result = created(await ingest({ ...basic, brand: ' SUMMIT HVAC ' }, asAllTeams));
    expect(result.preview.team_id).toBe(SIBLING.id);
    expect(result.preview.routing).toEqual({ kind: 'rule', teamId: SIBLING.id, ruleIndex: 0, field: 'brand', value: 'summit hvac' });
    expect(deps.intake.leads.get(result.stlCallId)?.team_id).toBe(SIBLING.id);
  });

  it('uses the configuration of the team it routed to', async () => {
    const { deps, ingest } = setup({ ...rules(), [SIBLING.id]: { lead_sources: ['Website'], default_lead_source: 'Website' } });
    const result = created(await ingest({ ...basic, brand: 'Summit HVAC', source: 'Billboard' }, asAllTeams));
    expect(deps.intake.leads.get(result.stlCallId)?.source).toBe('Website');
  });

  it('sends a lead that matches no rule to the default team', async () => {
    const { ingest } = setup(rules({ default_team_id: SIBLING.id }));
    const result = created(await ingest({ ...basic, brand: 'Unknown Brand' }, asAllTeams));
    expect(result.preview.routing).toEqual({ kind: 'default', teamId: SIBLING.id });
    expect(result.preview.team_id).toBe(SIBLING.id);
  });

  it('refuses a lead that matches no rule, without a default team, with a 400 naming routing', async () => {
    const { deps, ingest } = setup(rules());
    const error = await rejection(ingest({ ...basic, brand: 'Unknown Brand' }, asAllTeams));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ statusCode: 400, field: 'routing' });
    expect(error.message).toContain('brand');
    expect(deps.intake.leads.size).toBe(0);
  });

  it("refuses a routing target outside the key's enterprise with a 403", async () => {
    const { deps, ingest } = setup({
      [ANCHOR.id]: { routing: { rules: [{ field: 'brand', equals: ['Foreign'], team_id: FOREIGN.id }], default_team_id: null } },
    });
    const error = await rejection(ingest({ ...basic, brand: 'Foreign' }, asAllTeams));
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error.statusCode).toBe(403);
    expect(deps.intake.leads.size).toBe(0);
  });

  it('refuses a routing target that does not exist with a 403', async () => {
    const { ingest } = setup(rules({ default_team_id: 999 }));
    const error = await rejection(ingest({ ...basic, brand: 'Unknown Brand' }, asAllTeams));
    expect(error).toBeInstanceOf(ForbiddenError);
  });

  it('ingests for the anchor team when no routing is configured', async () => {
    const { ingest } = setup();
    const result = created(await ingest({ ...basic, brand: 'Summit HVAC' }, asAllTeams));
    expect(result.preview).toMatchObject({ team_id: ANCHOR.id, routing: { kind: 'key_team' } });
  });

  it('ignores routing rules for a single-team key', async () => {
    const { ingest } = setup(rules());
    const result = created(await ingest({ ...basic, brand: 'Summit HVAC' }));
    expect(result.preview.team_id).toBe(ANCHOR.id);
  });
});

describe('ingestLead: test mode', () => {
  it('maps, routes and schedules, but writes, queues, schedules and emits nothing', async () => {
    const { deps, ingest } = setup(
      Object.fromEntries([[ANCHOR.id, { routing: { rules: [{ field: 'brand', equals: ['hvac'], team_id: SIBLING.id }] } }]]),
    );
    const result = await ingest({ ...basic, brand: 'HVAC', unknown_member: 'x' }, { identity: allTeamsKey, testMode: true });
    expect(result).toEqual({
      kind: 'preview',
      preview: {
        team_id: SIBLING.id,
        routing: { kind: 'rule', teamId: SIBLING.id, ruleIndex: 0, field: 'brand', value: 'hvac' },
        mapped_fields: { customer_name: 'Dana Whitfield', phone_number: '+12125550199' },
        field_sources: { customer_name: 'name', phone_number: 'phone' },
        unmapped_fields: ['brand', 'unknown_member'],
        lead_source: null,
        outreach: { status: 'queued', due_at: NOW.toISOString(), scheduling_mode: 'always' },
        warnings: [],
      },
    });
    expect(deps.intake.leads.size).toBe(0);
    expect(deps.outreachQueue.sent).toEqual([]);
    expect(deps.scheduler.scheduled).toEqual([]);
    expect(deps.eventBus.published).toEqual([]);
  });

  it('answers the same validation errors as a real ingest', async () => {
    const { ingest } = setup();
    await expect(ingest({ name: 'No Phone' }, { testMode: true })).rejects.toMatchObject({ statusCode: 400, field: 'phone_number' });
  });
});

describe('ingestLead: outreach dispatch', () => {
  const businessHours = {
    scheduling: {
      mode: 'business_hours' as const,
      business_hours: { monday: [{ start: '09:00', end: '17:00' }], tuesday: [{ start: '09:00', end: '17:00' }] },
    },
  };

  it('queues the first attempt at once when the schedule allows a call now', async () => {
    const { deps, ingest } = setup({ [ANCHOR.id]: businessHours });
    const result = created(await ingest(basic));
    expect(result.preview.outreach).toEqual({ status: 'queued', due_at: NOW.toISOString(), scheduling_mode: 'business_hours' });
    expect(deps.outreachQueue.sent).toEqual([{ body: { stl_call_id: result.stlCallId, attempt: 1 } }]);
    expect(deps.scheduler.scheduled).toEqual([]);
    expect(deps.intake.outreachOf(result.stlCallId)).toMatchObject({ status: 'queued', attempt: 1, due_at: NOW.toISOString() });
  });

  it('schedules the first attempt for the next allowed instant outside the schedule', async () => {
    const { deps, ingest } = setup({ [ANCHOR.id]: businessHours });
    // Tuesday 2026-11-24 18:00 New York: closed until Monday 2026-11-30 09:00 (14:00Z).
    const evening = new Date('2026-11-24T23:00:00.000Z');
    const result = created(await ingest(basic, { now: evening }));
    expect(result.preview.outreach).toEqual({ status: 'scheduled', due_at: '2026-11-30T14:00:00.000Z', scheduling_mode: 'business_hours' });
    expect(deps.outreachQueue.sent).toEqual([]);
    expect(deps.scheduler.scheduled).toEqual([
      {
        name: `stl-${result.stlCallId}-attempt-1`,
        at: new Date('2026-11-30T14:00:00.000Z'),
        queue: 'outreach-calls',
        body: { stl_call_id: result.stlCallId, attempt: 1 },
      },
    ]);
    expect(deps.intake.outreachOf(result.stlCallId)?.status).toBe('scheduled');
  });

  it('stores the lead but answers 503 when the queue is down, and a repeat of the request queues the call with the same ids', async () => {
    const { deps, ingest } = setup();
    deps.outreachQueue.failure = new Error('SQS unavailable');
    const error = await rejection(ingest({ ...basic, external_id: 'crm-503' }));
    expect(error.statusCode).toBe(503);
    const { lead_id: leadId, stl_call_id: stlCallId } = error.details as { lead_id: number; stl_call_id: number };
    expect(deps.intake.outreachOf(stlCallId)).toMatchObject({ status: 'dispatch_failed', reason: 'queue unavailable' });
    expect(deps.eventBus.types()).toEqual([]);

    deps.outreachQueue.failure = null;
    const repeated = created(await ingest({ ...basic, external_id: 'crm-503' }));

    expect(repeated).toMatchObject({ leadId, stlCallId, recovered: true });
    expect(deps.intake.outreachOf(stlCallId)).toMatchObject({ status: 'queued', reason: null });
    expect(deps.outreachQueue.sent.map((m) => m.body)).toEqual([{ stl_call_id: stlCallId, attempt: 1 }]);
    expect(deps.eventBus.types()).toEqual(['lead.created']);
    // Once queued, the same request is an ordinary duplicate.
    expect((await rejection(ingest({ ...basic, external_id: 'crm-503' }))).statusCode).toBe(409);
  });

  it('finishes a request that stopped between storing the lead and queueing its call when it is repeated after the request limit', async () => {
    const { deps, ingest } = setup();
    deps.outreachQueue.hang = true;
    void ingest({ ...basic, external_id: 'crm-crash' }); // never answers: the process died here
    await new Promise((resolve) => setImmediate(resolve));
    const [stored] = [...deps.intake.leads.values()];
    if (!stored?.lead_id) throw new Error('the lead was not stored');
    const stlCallId = (stored.outreach as { stl_call_id: number }).stl_call_id;
    expect(deps.intake.outreachOf(stlCallId)).toMatchObject({ status: 'queued', dispatched: false });
    deps.outreachQueue.hang = false;

    // Within the limit the first request may still be running: an ordinary duplicate.
    const early = await rejection(ingest({ ...basic, external_id: 'crm-crash' }, { now: new Date(NOW.getTime() + 10_000) }));
    expect(early.statusCode).toBe(409);
    const repeated = created(await ingest({ ...basic, external_id: 'crm-crash' }, { now: new Date(NOW.getTime() + 31_000) }));

    expect(repeated).toMatchObject({ leadId: stored.lead_id, stlCallId, recovered: true });
    expect(deps.outreachQueue.sent.map((m) => m.body)).toEqual([{ stl_call_id: stlCallId, attempt: 1 }]);
    expect(deps.eventBus.types()).toEqual(['lead.created']);
    expect(deps.intake.outreachOf(stlCallId)).toMatchObject({ status: 'queued', dispatched: true });
    expect((await rejection(ingest({ ...basic, external_id: 'crm-crash' }, { now: new Date(NOW.getTime() + 60_000) }))).statusCode).toBe(
      409,
    );
  });

  it('records the dispatch of a lead whose request finished, so a repeat is an ordinary duplicate', async () => {
    const { deps, ingest } = setup();
    const first = created(await ingest({ ...basic, external_id: 'crm-done' }));
    expect(deps.intake.outreachOf(first.stlCallId)).toMatchObject({ dispatched: true });
    const later = await rejection(ingest({ ...basic, external_id: 'crm-done' }, { now: new Date(NOW.getTime() + 3_600_000) }));
    expect(later.statusCode).toBe(409);
    expect(deps.outreachQueue.sent).toHaveLength(1);
  });

  it('marks the outreach dispatch_failed and answers 503 when the scheduler is down', async () => {
    const { deps, ingest } = setup({ [ANCHOR.id]: businessHours });
    deps.scheduler.failure = new Error('Scheduler unavailable');
    const error = await rejection(ingest(basic, { now: new Date('2026-11-24T23:00:00.000Z') }));
    expect(error.statusCode).toBe(503);
    expect(deps.intake.outreachOf((error.details as { stl_call_id: number }).stl_call_id)?.status).toBe('dispatch_failed');
  });
});

describe('ingestLead: duplicates', () => {
  it('answers a 409 naming external_id and the existing lead for a repeated external_id', async () => {
    const { deps, ingest } = setup();
    const first = created(await ingest({ ...basic, external_id: 'crm-7' }));
    const error = await rejection(ingest({ name: 'Other', phone: '(646) 555-3890', external_id: 'crm-7' }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ statusCode: 409, code: 'conflict', field: 'external_id', details: { lead_id: first.leadId } });
    expect(deps.intake.leads.size).toBe(1);
    expect(deps.outreachQueue.sent).toHaveLength(1);
  });

  it('answers a 409 naming phone_number for the same phone inside the dedupe window, and accepts it after', async () => {
    const { ingest } = setup({ [ANCHOR.id]: { dedupe_window_hours: 2 } });
    const first = created(await ingest(basic));
    const error = await rejection(ingest({ phone: '+1 212 555 0199' }, { now: new Date(NOW.getTime() + 3_600_000) }));
    expect(error).toMatchObject({ statusCode: 409, field: 'phone_number', details: { lead_id: first.leadId } });
    expect(error.message).toContain('2 h dedupe window');
    created(await ingest(basic, { now: new Date(NOW.getTime() + 2 * 3_600_000) }));
  });
});

describe('ingestLead: lead.created', () => {
  it('emits lead.created, valid against its schema, echoing external_id', async () => {
    const { deps, ingest } = setup({ [ANCHOR.id]: { lead_sources: ['Website'], outreach: { max_attempts: 3 } } });
    const result = created(
      await ingest({
        ...basic,
        external_id: 'crm-42',
        email: 'dana@example.com',
        source: 'website',
        appointment_datetime: '2026-11-25 14:00',
      }),
    );
    expect(deps.eventBus.published).toHaveLength(1);
    const [event] = deps.eventBus.published;
    if (!event) throw new Error('no event');
    expect(leadEventViolations(event)).toEqual([]);
    expect(event).toMatchObject({
      type: 'lead.created',
      detail: {
        event: 'lead.created',
        occurred_at: NOW.toISOString(),
        lead_id: result.leadId,
        stl_call_id: result.stlCallId,
        team_id: ANCHOR.id,
        external_id: 'crm-42',
        lead: {
          customer_name: 'Dana Whitfield',
          phone_number: '+12125550199',
          email: 'dana@example.com',
          service_type: null,
          lead_source: 'Website',
          appointment_datetime: '2026-11-25T19:00:00.000Z',
        },
        outreach: { status: 'queued', due_at: NOW.toISOString(), scheduling_mode: 'always', max_attempts: 3 },
      },
    });
  });

  it('emits a schema-valid event for a minimal lead (nulls everywhere optional)', async () => {
    const { deps, ingest } = setup();
    created(await ingest({ phone: '(212) 555-0199' }));
    const [event] = deps.eventBus.published;
    if (!event) throw new Error('no event');
    expect(leadEventViolations(event)).toEqual([]);
    expect(event.detail).toMatchObject({ external_id: null, lead: { customer_name: null, email: null, appointment_datetime: null } });
  });

  it('still answers created when the event bus is down', async () => {
    const { deps, ingest } = setup();
    deps.eventBus.publish = () => Promise.reject(new Error('EventBridge unavailable'));
    expect(created(await ingest(basic)).leadId).toBe(1);
  });
});
