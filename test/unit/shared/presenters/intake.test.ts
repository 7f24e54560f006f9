import { ingestLeadCreated, ingestLeadPreview } from '#shared/contracts/intake';
import type { IntakeDecision } from '#shared/domain/intake/prepare-intake';
import { presentCreatedLead, presentIngestLeadCreated, presentIngestPreview } from '#shared/presenters/intake';

/** The intake webhook's answers from what the intake decided: the mapping, and nothing beyond the contract. */

const decision: IntakeDecision = {
  teamId: 11,
  routing: { kind: 'rule', teamId: 11, ruleIndex: 0, field: 'brand', value: 'hvac' },
  mappedFields: { customer_name: 'Dana Whitfield', phone_number: '+12125550199' },
  fieldSources: { customer_name: 'name', phone_number: 'phone' },
  explain: {
    phone_number: {
      matched: 'phone',
      aliases: 'default',
      tried: [
        { alias: 'phone_number', result: 'missing', detail: 'no member phone_number' },
        { alias: 'phone', result: 'matched' },
      ],
    },
    customer_name: { matched: null, aliases: 'default', tried: [], composed_from: ['first_name', 'last_name'] },
  },
  unmappedFields: ['brand'],
  leadSource: null,
  outreach: { status: 'scheduled', dueAt: new Date('2026-11-30T14:00:00.000Z'), schedulingMode: 'business_hours' },
  warnings: [],
};

describe('intake presenters', () => {
  it('answers test mode in the wire names, with the due instant as ISO text', () => {
    const body = presentIngestPreview(decision, 'req-1');
    expect(ingestLeadPreview().parse(body)).toEqual(body);
    expect(body).toMatchObject({
      success: true,
      test_mode: true,
      request_id: 'req-1',
      team_id: 11,
      mapped_fields: { phone_number: '+12125550199' },
      field_sources: { customer_name: 'name' },
      unmapped_fields: ['brand'],
      lead_source: null,
      outreach: { status: 'scheduled', due_at: '2026-11-30T14:00:00.000Z', scheduling_mode: 'business_hours' },
    });
    expect(body.explain.phone_number?.tried).toEqual([
      { alias: 'phone_number', result: 'missing', detail: 'no member phone_number' },
      { alias: 'phone', result: 'matched' },
    ]);
    expect(body.explain.customer_name).toEqual({
      matched: null,
      aliases: 'default',
      tried: [],
      composed_from: ['first_name', 'last_name'],
    });
  });

  it('answers a created lead with its ids, leaving warnings out when there are none', () => {
    const body = presentIngestLeadCreated({ kind: 'created', leadId: 41, stlCallId: 42, decision, recovered: true }, 'req-2');
    expect(ingestLeadCreated().parse(body)).toEqual(body);
    expect(body).toEqual({
      success: true,
      lead_id: 41,
      stl_call_id: 42,
      request_id: 'req-2',
      team_id: 11,
      outreach: { status: 'scheduled', due_at: '2026-11-30T14:00:00.000Z', scheduling_mode: 'business_hours' },
    });
  });

  it('carries the warnings of a lead accepted with a change, and no decision member beyond the answer', () => {
    const answer = presentCreatedLead({ leadId: 1, stlCallId: 2, decision: { ...decision, warnings: ['email: not a valid address'] } });
    expect(answer.warnings).toEqual(['email: not a valid address']);
    expect(Object.keys(answer).sort()).toEqual(['lead_id', 'outreach', 'stl_call_id', 'team_id', 'warnings']);
  });
});
