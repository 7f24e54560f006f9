import { ingestLead } from '#shared/domain/intake/ingest';
import { BadRequestError } from '#shared/errors';
import { identity } from '../../../../support/factories';
import { ANCHOR, answered, basic, created, NOW, rejection, SIBLING, setup, singleTeamKey } from '../../../../support/ingest-harness';

process.env.LOG_LEVEL = 'silent';

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
    expect(result.decision.fieldSources).toMatchObject({ customer_name: 'full_name', phone_number: 'phoneNumber', email: 'emailAddress' });
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
    expect(result.decision.fieldSources.phone_number).toBe('contact.phones[0].number');
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
    expect(answered(error)).toMatchObject({ statusCode: 400, field: 'phone_number' });
    expect(error.message).toMatch(/^phone_number: /);
    expect(deps.intake.leads.size).toBe(0);
  });

  it('keeps a lead whose phone is not a valid number, with the number as sent and no call', async () => {
    const { deps, ingest } = setup();
    const result = created(await ingest({ phone: '12345' }));
    expect(deps.intake.leads.get(result.stlCallId)).toMatchObject({ customer_phone: null, customer_phone_raw: '12345' });
    expect(result.decision.warnings[0]).toContain('"12345"');
    expect(deps.outreachQueue.sent).toEqual([]);
  });

  it.each(['next tuesday', '2026-11-25', '2026-13-45T10:00:00', 'soon'])(
    'refuses appointment_datetime "%s" with a 400 naming the field',
    async (value) => {
      const { deps, ingest } = setup();
      const error = await rejection(ingest({ ...basic, appointment_datetime: value }));
      expect(error).toBeInstanceOf(BadRequestError);
      expect(answered(error)).toMatchObject({ statusCode: 400, field: 'appointment_datetime' });
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
    expect(result.decision.warnings).toEqual([expect.stringMatching(/^email: /)]);
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
    expect(result.decision.warnings).toEqual([]);
  });

  it('records an unknown source as the default lead source, keeps the raw value and warns', async () => {
    const { deps, ingest } = setup({ [ANCHOR.id]: sources });
    const result = created(await ingest({ ...basic, lead_source: 'Billboard' }));
    const lead = deps.intake.leads.get(result.stlCallId);
    expect(lead?.source).toBe('Website');
    expect(lead?.lead_content.lead_source_raw).toBe('Billboard');
    expect(result.decision.warnings).toEqual([expect.stringContaining('"Billboard" is not a configured lead source')]);
  });

  it('does not warn when the value is the default source itself in another case', async () => {
    const { ingest } = setup({ [ANCHOR.id]: sources });
    const result = created(await ingest({ ...basic, lead_source: 'website' }));
    expect(result.decision.leadSource).toBe('Website');
    expect(result.decision.warnings).toEqual([]);
  });

  it('gives a lead without a source the default, and keeps the value as sent when no sources are configured', async () => {
    const configured = setup({ [ANCHOR.id]: sources });
    expect(created(await configured.ingest(basic)).decision.leadSource).toBe('Website');
    const open = setup();
    expect(created(await open.ingest({ ...basic, source: ' Trade show ' })).decision.leadSource).toBe('Trade show');
  });

  it('records an unknown source as null when no default is configured', async () => {
    const { deps, ingest } = setup({ [ANCHOR.id]: { lead_sources: ['Website'] } });
    const result = created(await ingest({ ...basic, source: 'Billboard' }));
    expect(deps.intake.leads.get(result.stlCallId)?.source).toBeNull();
    expect(result.decision.warnings).toEqual([expect.stringContaining('recorded as none')]);
  });
});
