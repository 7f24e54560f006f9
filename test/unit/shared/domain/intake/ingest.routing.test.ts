import type { Identity } from '#shared/auth/identity';
import type { IntakeConfigInput } from '#shared/domain/intake/intake-config';
import { BadRequestError, ForbiddenError } from '#shared/errors';
import { ANCHOR, allTeamsKey, answered, basic, created, FOREIGN, NOW, rejection, SIBLING, setup } from '../../../../support/ingest-harness';

process.env.LOG_LEVEL = 'silent';

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
    expect(result.decision.teamId).toBe(SIBLING.id);
    expect(result.decision.routing).toEqual({ kind: 'rule', teamId: SIBLING.id, ruleIndex: 0, field: 'brand', value: 'summit hvac' });
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
    expect(result.decision.routing).toEqual({ kind: 'default', teamId: SIBLING.id });
    expect(result.decision.teamId).toBe(SIBLING.id);
  });

  it('refuses a lead that matches no rule, without a default team, with a 400 naming routing', async () => {
    const { deps, ingest } = setup(rules());
    const error = await rejection(ingest({ ...basic, brand: 'Unknown Brand' }, asAllTeams));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(answered(error)).toMatchObject({ statusCode: 400, field: 'routing' });
    expect(error.message).toContain('brand');
    expect(deps.intake.leads.size).toBe(0);
  });

  it("refuses a routing target outside the key's enterprise with a 403", async () => {
    const { deps, ingest } = setup({
      [ANCHOR.id]: { routing: { rules: [{ field: 'brand', equals: ['Foreign'], team_id: FOREIGN.id }], default_team_id: null } },
    });
    const error = await rejection(ingest({ ...basic, brand: 'Foreign' }, asAllTeams));
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(answered(error).statusCode).toBe(403);
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
    expect(result.decision).toMatchObject({ teamId: ANCHOR.id, routing: { kind: 'key_team' } });
  });

  it('ignores routing rules for a single-team key', async () => {
    const { ingest } = setup(rules());
    const result = created(await ingest({ ...basic, brand: 'Summit HVAC' }));
    expect(result.decision.teamId).toBe(ANCHOR.id);
  });
});

describe('ingestLead: test mode', () => {
  it('maps, routes and schedules, but writes, queues, schedules and emits nothing', async () => {
    const { deps, ingest } = setup(
      Object.fromEntries([[ANCHOR.id, { routing: { rules: [{ field: 'brand', equals: ['hvac'], team_id: SIBLING.id }] } }]]),
    );
    const result = await ingest({ ...basic, brand: 'HVAC', unknown_member: 'x' }, { identity: allTeamsKey, testMode: true });
    if (result.kind !== 'preview') throw new Error('expected a preview');
    const { explain, ...decision } = result.decision;
    expect(explain.phone_number).toEqual({
      matched: 'phone',
      aliases: 'default',
      tried: [expect.objectContaining({ alias: 'phone_number' }), { alias: 'phone', result: 'matched' }],
    });
    expect({ kind: result.kind, decision }).toEqual({
      kind: 'preview',
      decision: {
        teamId: SIBLING.id,
        routing: { kind: 'rule', teamId: SIBLING.id, ruleIndex: 0, field: 'brand', value: 'hvac' },
        mappedFields: { customer_name: 'Dana Whitfield', phone_number: '+12125550199' },
        fieldSources: { customer_name: 'name', phone_number: 'phone' },
        unmappedFields: ['brand', 'unknown_member'],
        leadSource: null,
        outreach: { status: 'queued', dueAt: NOW, schedulingMode: 'always' },
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
    expect(answered(await rejection(ingest({ name: 'No Phone' }, { testMode: true })))).toMatchObject({
      statusCode: 400,
      field: 'phone_number',
    });
  });
});
