import { googleLeadAnswer } from '#shared/contracts/intake-google-ads-leads';
import type { IntakeDecision } from '#shared/domain/intake/prepare-intake';
import { presentGoogleLeadAnswer } from '#shared/presenters/intake-google-ads-leads';

/** The Google lead-form webhook's answers: created, duplicate and test, each as the contract describes it. */

const decision: IntakeDecision = {
  teamId: 10,
  routing: { kind: 'key_team' },
  mappedFields: { phone_number: '+12125550199', external_id: 'g-1' },
  fieldSources: { phone_number: 'user_column_data[column_id=PHONE_NUMBER].string_value' },
  explain: {},
  unmappedFields: [],
  leadSource: 'Google Ads',
  outreach: { status: 'queued', dueAt: new Date('2026-11-24T15:00:00.000Z'), schedulingMode: 'always' },
  warnings: ['lead_source: "x" is not a configured lead source'],
};

describe('presentGoogleLeadAnswer', () => {
  it('answers a created lead with result created and its warnings', () => {
    const body = presentGoogleLeadAnswer({ kind: 'created', leadId: 5, stlCallId: 6, decision }, 'req-1');
    expect(googleLeadAnswer().parse(body)).toEqual(body);
    expect(body).toMatchObject({ result: 'created', lead_id: 5, stl_call_id: 6, team_id: 10, warnings: decision.warnings });
  });

  it('answers a repeated lead as a duplicate naming the field and the lead already stored (or null)', () => {
    const body = presentGoogleLeadAnswer({ kind: 'duplicate', leadId: null, field: 'external_id', teamId: 10 }, 'req-2');
    expect(googleLeadAnswer().parse(body)).toEqual(body);
    expect(body).toEqual({ success: true, result: 'duplicate', lead_id: null, request_id: 'req-2', team_id: 10, field: 'external_id' });
  });

  it('answers a test lead with the intake preview', () => {
    const body = presentGoogleLeadAnswer({ kind: 'test', decision }, 'req-3');
    expect(googleLeadAnswer().parse(body)).toEqual(body);
    expect(body).toMatchObject({ test_mode: true, team_id: 10, lead_source: 'Google Ads', outreach: { status: 'queued' } });
  });
});
