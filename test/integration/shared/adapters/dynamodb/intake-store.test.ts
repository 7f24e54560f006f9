import { randomUUID } from 'node:crypto';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeConfigStore, DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { DynamoLeadStore } from '#shared/adapters/dynamodb/lead-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DEFAULT_INTAKE_CONFIG } from '#shared/domain/intake/intake-config';
import type { OutreachState } from '#shared/domain/intake/outreach';
import type { LeadRecord } from '#shared/domain/leads';
import { DuplicateLeadError } from '#shared/ports/intake-store';
import type { LocalDynamo } from '../../../../../local/dynamodb/embedded';
import { startEmulator } from '../../../../support/emulator';

let dynamo: LocalDynamo;
let store: DynamoIntakeStore;

beforeAll(async () => {
  dynamo = await startEmulator();
  store = new DynamoIntakeStore(getDocumentClient(), physicalTableName('leads'));
});
afterAll(() => dynamo.stop());

const T0 = new Date('2026-11-24T15:00:00.000Z');
const hours = (n: number) => new Date(T0.getTime() + n * 3_600_000);
let nextTeam = 100;

/** A new intake lead with fresh ids from the store's counters. */
async function newLead(teamId: number, overrides: Partial<LeadRecord> = {}): Promise<LeadRecord> {
  const [leadId, stlCallId] = await Promise.all([store.nextLeadId(), store.nextStlCallId()]);
  const outreach: OutreachState = {
    stl_call_id: stlCallId,
    status: 'queued',
    scheduling_mode: 'always',
    due_at: T0.toISOString(),
    attempt: 1,
    max_attempts: 2,
    retry_spacing_minutes: 30,
    provider_call_id: null,
    last_attempt_at: null,
    outcome: null,
    completed_at: null,
    reason: null,
  };
  return {
    id: randomUUID(),
    lead_id: leadId,
    team_id: teamId,
    type: 'scheduling_widget',
    datetime: T0.toISOString(),
    status: 'new',
    customer_name: 'Dana Whitfield',
    customer_phone: '+12125550199',
    customer_email: null,
    lead_content: { channel: 'speed_to_lead' },
    agent: 'ai_outreach',
    referrer_url: null,
    attribution: { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null, gclid: null },
    external_id: null,
    source: null,
    outreach,
    appointment: null,
    ...overrides,
  };
}

function stlCallIdOf(lead: LeadRecord): number {
  if (!lead.outreach) throw new Error('not an intake lead');
  return lead.outreach.stl_call_id;
}

describe('DynamoIntakeStore.createLead', () => {
  it('creates exactly one of 20 concurrent leads with the same external_id; the others name the winner', async () => {
    const teamId = nextTeam++;
    const leads = await Promise.all(
      Array.from({ length: 20 }, (_, i) => newLead(teamId, { external_id: 'crm-race', customer_phone: `+1212555${String(1000 + i)}` })),
    );
    const outcomes = await Promise.allSettled(
      leads.map((lead) => store.createLead({ lead, phone: lead.customer_phone as string, phoneWindowHours: 24, now: T0 })),
    );

    const winners = leads.filter((_, i) => outcomes[i]?.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    const winner = winners[0] as LeadRecord;
    const losers = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected').map((o) => o.reason as unknown);
    expect(losers).toHaveLength(19);
    for (const error of losers) {
      expect(error).toBeInstanceOf(DuplicateLeadError);
      expect(error).toMatchObject({ reason: 'external_id', existingLeadId: winner.lead_id });
    }
    // Only the winner is stored; the losers left neither a lead nor a pointer behind.
    expect(await store.getLeadByStlCallId(stlCallIdOf(winner))).toMatchObject({ lead_id: winner.lead_id, external_id: 'crm-race' });
    for (const loser of leads.filter((l) => l !== winner)) expect(await store.getLeadByStlCallId(stlCallIdOf(loser))).toBeNull();
    // A loser's phone was not reserved either.
    const loser = leads.find((l) => l !== winner) as LeadRecord;
    const retry = await newLead(teamId, { customer_phone: loser.customer_phone });
    await store.createLead({ lead: retry, phone: retry.customer_phone as string, phoneWindowHours: 24, now: T0 });
  });

  it('keeps an external_id unique per team forever, and per team only', async () => {
    const teamId = nextTeam++;
    const first = await newLead(teamId, { external_id: 'crm-1' });
    await store.createLead({ lead: first, phone: '+12125550101', phoneWindowHours: 24, now: T0 });
    const years = await newLead(teamId, { external_id: 'crm-1' });
    await expect(
      store.createLead({ lead: years, phone: '+12125550102', phoneWindowHours: 24, now: hours(24 * 3650) }),
    ).rejects.toMatchObject({
      reason: 'external_id',
      existingLeadId: first.lead_id,
    });
    const otherTeam = await newLead(nextTeam++, { external_id: 'crm-1' });
    await store.createLead({ lead: otherTeam, phone: '+12125550103', phoneWindowHours: 24, now: T0 });
  });

  it('holds a phone for the dedupe window and releases it when the window has passed', async () => {
    const teamId = nextTeam++;
    const phone = '+16465553890';
    const create = async (now: Date) => {
      const lead = await newLead(teamId, { customer_phone: phone });
      await store.createLead({ lead, phone, phoneWindowHours: 2, now });
      return lead;
    };
    const first = await create(T0);
    await expect(create(hours(1))).rejects.toMatchObject({ reason: 'phone_number', existingLeadId: first.lead_id });
    await expect(create(hours(1.99))).rejects.toBeInstanceOf(DuplicateLeadError);
    // At exactly T0 + 2 h the guard has expired: the lead is accepted and holds the phone anew.
    const second = await create(hours(2));
    await expect(create(hours(3))).rejects.toMatchObject({ reason: 'phone_number', existingLeadId: second.lead_id });
    await create(hours(4));
  });

  it('does not reserve the phone when the window is 0', async () => {
    const teamId = nextTeam++;
    for (let i = 0; i < 2; i++) {
      const lead = await newLead(teamId);
      await store.createLead({ lead, phone: '+12125550199', phoneWindowHours: 0, now: T0 });
    }
  });

  it('reads back the lead it stored, by stl_call_id', async () => {
    const lead = await newLead(nextTeam++, { external_id: 'crm-read' });
    await store.createLead({ lead, phone: '+12125550199', phoneWindowHours: 24, now: T0 });
    expect(await store.getLeadByStlCallId(stlCallIdOf(lead))).toEqual(lead);
    expect(await store.getLeadByStlCallId(987654321)).toBeNull();
  });
});

describe('DynamoIntakeStore.transitionOutreach', () => {
  it('applies a transition only from the expected status and attempt: a second claim of the same attempt returns false', async () => {
    const lead = await newLead(nextTeam++);
    await store.createLead({ lead, phone: '+12125550199', phoneWindowHours: 0, now: T0 });
    const id = stlCallIdOf(lead);
    const claim = () =>
      store.transitionOutreach(
        id,
        { statuses: ['queued', 'scheduled'], attempt: 1 },
        { status: 'placing', last_attempt_at: T0.toISOString() },
      );

    expect(await claim()).toBe(true);
    expect(await claim()).toBe(false);
    expect(await store.transitionOutreach(id, { statuses: ['placing'], attempt: 2 }, { status: 'queued' })).toBe(false);

    const stored = await store.getLeadByStlCallId(id);
    expect(stored?.outreach).toMatchObject({ status: 'placing', attempt: 1, last_attempt_at: T0.toISOString() });
  });

  it('moves the lead forward in the leads change feed with every transition and appointment (ADR 0147)', async () => {
    const teamId = nextTeam++;
    const lead = await newLead(teamId);
    const before = new Date(Date.now() - 1000).toISOString();
    await store.createLead({ lead, phone: '+12125550199', phoneWindowHours: 0, now: T0 });
    const leads = new DynamoLeadStore(getDocumentClient(), physicalTableName('leads'));
    const feed = async () => {
      const rows = await leads.listLeads({
        teamId,
        changedIn: { since: before, until: new Date(Date.now() + 1000).toISOString() },
        limit: 10,
      });
      expect(rows).toHaveLength(1);
      return rows[0]?.position as string;
    };
    const created = await feed();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await store.transitionOutreach(stlCallIdOf(lead), { statuses: ['queued'], attempt: 1 }, { status: 'placing' })).toBe(true);
    const transitioned = await feed();
    expect(transitioned > created).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await store.setLeadAppointment(stlCallIdOf(lead), { date: '2026-11-30' });
    expect((await feed()) > transitioned).toBe(true);
  });

  it('lets exactly one of concurrent claims win', async () => {
    const lead = await newLead(nextTeam++);
    await store.createLead({ lead, phone: '+12125550199', phoneWindowHours: 0, now: T0 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        store.transitionOutreach(stlCallIdOf(lead), { statuses: ['queued'], attempt: 1 }, { status: 'placing' }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('updates the lead status with the transition, and answers false for an unknown stl_call_id', async () => {
    const lead = await newLead(nextTeam++);
    await store.createLead({ lead, phone: '+12125550199', phoneWindowHours: 0, now: T0 });
    const id = stlCallIdOf(lead);
    expect(
      await store.transitionOutreach(
        id,
        { statuses: ['queued'], attempt: 1 },
        { status: 'in_progress', provider_call_id: 'p-1' },
        'contacting',
      ),
    ).toBe(true);
    expect(await store.getLeadByStlCallId(id)).toMatchObject({
      status: 'contacting',
      outreach: { status: 'in_progress', provider_call_id: 'p-1' },
    });
    expect(await store.transitionOutreach(987654321, { statuses: ['queued'], attempt: 1 }, { status: 'placing' })).toBe(false);
  });
});

describe('DynamoIntakeStore.transitionOutreach with a claim token', () => {
  it('takes over a claim only while it still holds the token it was read with; one of two racing take-overs wins', async () => {
    const lead = await newLead(nextTeam++);
    await store.createLead({ lead, phone: '+12125550199', phoneWindowHours: 0, now: T0 });
    const id = stlCallIdOf(lead);
    await store.transitionOutreach(id, { statuses: ['queued'], attempt: 1 }, { status: 'placing', claim_token: 'm#1' });

    expect(await store.transitionOutreach(id, { statuses: ['placing'], attempt: 1, claimToken: 'm#9' }, { claim_token: 'x' })).toBe(false);
    const racing = await Promise.all(
      ['m#2', 'n#1'].map((token) =>
        store.transitionOutreach(id, { statuses: ['placing'], attempt: 1, claimToken: 'm#1' }, { claim_token: token }),
      ),
    );
    expect(racing.filter(Boolean)).toHaveLength(1);
  });

  it('matches a claim without a token (stored before tokens) when the expected token is null', async () => {
    const lead = await newLead(nextTeam++);
    await store.createLead({ lead, phone: '+12125550199', phoneWindowHours: 0, now: T0 });
    const id = stlCallIdOf(lead);
    await store.transitionOutreach(id, { statuses: ['queued'], attempt: 1 }, { status: 'placing' });

    expect(await store.transitionOutreach(id, { statuses: ['placing'], attempt: 1, claimToken: null }, { claim_token: 'm#2' })).toBe(true);
    expect((await store.getLeadByStlCallId(id))?.outreach).toMatchObject({ status: 'placing', claim_token: 'm#2' });
  });
});

describe('DynamoIntakeStore.markOutreachDispatched', () => {
  it('records the dispatch on the lead and leaves the rest of its outreach as it was', async () => {
    const lead = await newLead(nextTeam++);
    await store.createLead({ lead, phone: '+12125550199', phoneWindowHours: 0, now: T0 });
    const id = stlCallIdOf(lead);
    await store.transitionOutreach(id, { statuses: ['queued'], attempt: 1 }, { status: 'placing', dispatched: false });

    await store.markOutreachDispatched(id);

    expect((await store.getLeadByStlCallId(id))?.outreach).toMatchObject({ status: 'placing', dispatched: true, attempt: 1 });
  });
});

describe('DynamoIntakeStore: provider calls and appointments', () => {
  it('links a provider call to its stl call and records the appointment on the lead', async () => {
    const lead = await newLead(nextTeam++);
    await store.createLead({ lead, phone: '+12125550199', phoneWindowHours: 0, now: T0 });
    const id = stlCallIdOf(lead);
    await store.linkProviderCall('prov-abc', id);
    expect(await store.getStlCallIdByProviderCall('prov-abc')).toBe(id);
    expect(await store.getStlCallIdByProviderCall('prov-unknown')).toBeNull();
    await store.setLeadAppointment(id, { appointment_id: 'a-1', status: 'requested' });
    expect((await store.getLeadByStlCallId(id))?.appointment).toEqual({ appointment_id: 'a-1', status: 'requested' });
  });
});

describe('DynamoIntakeConfigStore', () => {
  it('stores and reads a team’s intake configuration', async () => {
    const configs = new DynamoIntakeConfigStore(getDocumentClient(), physicalTableName('teams'));
    const teamId = nextTeam++;
    expect(await configs.getIntakeConfig(teamId)).toBeNull();
    const config = { ...DEFAULT_INTAKE_CONFIG, lead_sources: ['Website'], dedupe_window_hours: 6 };
    await configs.putIntakeConfig(teamId, config);
    expect(await configs.getIntakeConfig(teamId)).toEqual(config);
  });
});
