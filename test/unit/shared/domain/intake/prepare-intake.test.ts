import fc from 'fast-check';
import type { Identity } from '#shared/auth/identity';
import type { IntakeConfigInput } from '#shared/domain/intake/intake-config';
import { leadWithIds, NOT_PLACED_REASON, prepareIntake } from '#shared/domain/intake/prepare-intake';
import { BadRequestError, DomainError, ForbiddenError, PayloadTooLargeError } from '#shared/errors';
import { toHttpError } from '#shared/http/errors';
import { ANCHOR, allTeamsKey, basic, FOREIGN, NOW, rejection, SIBLING, singleTeamKey } from '../../../../support/ingest-harness';
import { InMemoryIntakeConfigs, InMemoryIntakeStore, tenancyOf } from '../../../../support/intake-fakes';

/**
 * prepareIntake, the reading half of an intake: routing, the team's configuration or a preset,
 * mapping, validation, scheduling and sizing, with nothing written. Its deps are the read ports
 * only; what the whole intake does with its answer is in the ingest-* tests.
 */

process.env.LOG_LEVEL = 'silent';

function depsWith(configs: Record<number, IntakeConfigInput> = {}) {
  const store = new InMemoryIntakeConfigs();
  for (const [teamId, config] of Object.entries(configs)) store.set(Number(teamId), config);
  return { tenancy: tenancyOf([ANCHOR, SIBLING, FOREIGN]), configs: store, intake: new InMemoryIntakeStore() };
}

const prepare = (
  payload: Record<string, unknown>,
  options: { identity?: Identity; preset?: string; configs?: Record<number, IntakeConfigInput>; now?: Date } = {},
) =>
  prepareIntake(depsWith(options.configs), {
    identity: options.identity ?? singleTeamKey,
    payload,
    now: options.now ?? NOW,
    ...(options.preset === undefined ? {} : { preset: options.preset }),
  });

const IDS = { id: '3f1c2b9e-0000-4000-8000-000000000001', leadId: 41, stlCallId: 42 };

describe('prepareIntake', () => {
  it('plans a lead for the key’s team with its configuration, ready to store once ids are drawn', async () => {
    const prepared = await prepare({ ...basic, email: 'dana@example.com' }, { configs: { [ANCHOR.id]: { dedupe_window_hours: 6 } } });

    expect(prepared.decision).toMatchObject({
      teamId: ANCHOR.id,
      routing: { kind: 'key_team' },
      mappedFields: { customer_name: 'Dana Whitfield', phone_number: '+12125550199', email: 'dana@example.com' },
      outreach: { status: 'queued', dueAt: NOW, schedulingMode: 'always' },
      warnings: [],
    });
    expect(prepared.dedupe).toEqual({ phone: '+12125550199', phoneWindowHours: 6 });
    const lead = leadWithIds(prepared.lead, IDS);
    expect(lead).toMatchObject({ id: IDS.id, lead_id: 41, team_id: ANCHOR.id, customer_phone: '+12125550199', status: 'new' });
    expect(lead.outreach).toMatchObject({ stl_call_id: 42, attempt: 1, status: 'queued', dispatched: false, due_at: NOW.toISOString() });
  });

  it('plans the lead as plain data: the ids drawn at commit are all it lacks', async () => {
    const prepared = await prepare({ ...basic, notes: 'back door' });
    expect(structuredClone(prepared)).toEqual(prepared);
    expect(prepared.lead).not.toHaveProperty('id');
    expect(prepared.lead).not.toHaveProperty('lead_id');
    expect(prepared.lead.outreach).not.toHaveProperty('stl_call_id');
    expect(leadWithIds(prepared.lead, { ...IDS, leadId: 7 })).toMatchObject({ id: IDS.id, lead_id: 7, outreach: { stl_call_id: 42 } });
  });

  it('routes an all-teams key’s lead by the anchor team’s rules and plans it with the target team’s configuration', async () => {
    const prepared = await prepare(
      { ...basic, brand: 'Summit HVAC' },
      {
        identity: allTeamsKey,
        configs: {
          [ANCHOR.id]: { routing: { rules: [{ field: 'brand', equals: ['summit hvac'], team_id: SIBLING.id }] } },
          [SIBLING.id]: { dedupe_window_hours: 2 },
        },
      },
    );
    expect(prepared.decision.teamId).toBe(SIBLING.id);
    expect(prepared.decision.routing).toMatchObject({ kind: 'rule', teamId: SIBLING.id });
    expect(prepared.dedupe.phoneWindowHours).toBe(2);
    expect(leadWithIds(prepared.lead, IDS).lead_content).toMatchObject({ routing: { kind: 'rule', teamId: SIBLING.id } });
  });

  it('reads the payload with a preset’s mapping instead of the team’s when one is named', async () => {
    const googleForm = {
      lead_id: 'g-1',
      user_column_data: [
        { column_id: 'FULL_NAME', string_value: 'Dana Whitfield' },
        { column_id: 'PHONE_NUMBER', string_value: '+1 212 555 0199' },
      ],
    };
    const prepared = await prepare(googleForm, { preset: 'google-ads-lead-form' });
    expect(prepared.decision.mappedFields).toMatchObject({
      customer_name: 'Dana Whitfield',
      phone_number: '+12125550199',
      external_id: 'g-1',
    });
  });

  it('refuses an unknown preset with a 400 naming preset', async () => {
    const error = await rejection(prepare(basic, { preset: 'no-such-form' }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ field: 'preset', message: 'preset: unknown preset "no-such-form"' });
  });

  it('refuses a key whose anchor team no longer exists with a 403', async () => {
    const error = await rejection(prepare(basic, { identity: { ...singleTeamKey, anchorTeamId: 999 } }));
    expect(error).toBeInstanceOf(ForbiddenError);
  });

  it('keeps a lead whose phone is not a number as not_placed: no call due, its outreach already over, the number as sent kept', async () => {
    const prepared = await prepare({ name: 'Dana', phone: 'call me maybe' });
    expect(prepared.decision.outreach.status).toBe('not_placed');
    expect(prepared.decision.mappedFields).not.toHaveProperty('phone_number');
    expect(prepared.decision.warnings).toEqual([expect.stringMatching(/^phone_number: "call me maybe" is not a valid phone number/)]);
    expect(prepared.dedupe.phone).toBeNull();
    expect(leadWithIds(prepared.lead, IDS)).toMatchObject({
      customer_phone: null,
      customer_phone_raw: 'call me maybe',
      outreach: { status: 'completed', outcome: 'failed', reason: NOT_PLACED_REASON, dispatched: true },
    });
  });

  it('schedules the first call for the team’s next allowed instant, in the team’s time zone', async () => {
    const evening = new Date('2026-11-24T23:00:00.000Z'); // Tuesday 18:00 in New York
    const prepared = await prepare(basic, {
      now: evening,
      configs: { [ANCHOR.id]: { scheduling: { mode: 'business_hours', business_hours: { monday: [{ start: '09:00', end: '17:00' }] } } } },
    });
    expect(prepared.decision.outreach).toEqual({
      status: 'scheduled',
      dueAt: new Date('2026-11-30T14:00:00.000Z'),
      schedulingMode: 'business_hours',
    });
    expect(leadWithIds(prepared.lead, IDS).outreach).toMatchObject({ status: 'scheduled', due_at: '2026-11-30T14:00:00.000Z' });
  });

  it('refuses a lead too large to store with a 413 before any id is drawn, in test mode as in a real intake', async () => {
    const error = await rejection(prepare({ ...basic, notes: 'x'.repeat(420_000) }));
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect(error.message).toMatch(/^The lead \(with its raw payload\) would take/);
  });

  it('answers any payload with a plan that keeps it as sent, or a 4xx (a 400 names its field), never anything else', async () => {
    const scalar = fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
    const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }));
    const field = fc.constantFrom(
      'name',
      'phone',
      'phone_number',
      'email',
      'external_id',
      'appointment_datetime',
      'source',
      'notes',
      'zip',
    );
    const payloads = fc.dictionary(fc.oneof(field, fc.string({ maxLength: 12 })), value, { maxKeys: 8 });
    await fc.assert(
      fc.asyncProperty(payloads, async (payload) => {
        try {
          const prepared = await prepare(payload);
          expect(leadWithIds(prepared.lead, IDS).lead_content).toMatchObject({ raw_payload: payload });
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
          const status = toHttpError(error)?.statusCode ?? 500;
          expect(status).toBeGreaterThanOrEqual(400);
          expect(status).toBeLessThan(500);
          if (error instanceof BadRequestError) expect(error.field).toEqual(expect.any(String));
        }
      }),
      { numRuns: 200 },
    );
  });
});
