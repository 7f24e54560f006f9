import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeConfigStore } from '#shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { rotatedGoogleKey } from '#shared/domain/intake/google-lead-form';
import { intakeConfigSchema } from '#shared/domain/intake/intake-config-schema';
import { PRESET_NAMES } from '#shared/domain/intake/preset';
import { INTAKE_PRESETS, presetByName } from '#shared/domain/intake/presets';
import type { Team } from '#shared/domain/tenancy';
import { type LocalService, startLocalService } from '../../local/cli/service';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

process.env.LOG_LEVEL = 'silent';

/**
 * The lead sources (presets per provider) through the local gateway: a sample of each provider's documented
 * payload (test/fixtures/lead-sources) ingested through its preset, read back from the v1 leads feed.
 */

const INGEST = '/api/outbound/speed-to-lead/ingest';
const FIXTURES = path.join(__dirname, '../fixtures/lead-sources');
type Json = Record<string, unknown>;

let service: LocalService;
let fixture: TenancyFixture;
let configs: DynamoIntakeConfigStore;
let writer: string;
let reader: string;

beforeAll(async () => {
  service = await startLocalService({ port: 0, dataDir: undefined, seed: false, simulateCallReports: false });
  fixture = await createTenancyFixture();
  configs = new DynamoIntakeConfigStore(getDocumentClient(), physicalTableName('teams'));
  writer = await fixture.createKey('enterprise', ['write:leads']);
  reader = await fixture.createKey('enterprise', ['read:leads']);
});
afterAll(() => service?.stop());

function sample(name: string): Json {
  return JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as Json;
}

async function call(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const response = await fetch(`${service.url}${url}`, init);
  const text = await response.text();
  return { status: response.status, body: (text === '' ? {} : JSON.parse(text)) as Json };
}

async function applyPreset(team: Team, name: string): Promise<void> {
  const preset = presetByName(name);
  if (!preset) throw new Error(`no preset ${name}`);
  await configs.putIntakeConfig(team.id, intakeConfigSchema.parse({ field_mapping: preset.mapping }));
}

async function ingest(payload: Json, headers: Record<string, string> = {}) {
  return call(INGEST, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: `Bearer ${writer}`, ...headers },
    body: JSON.stringify(payload),
  });
}

async function feedLead(team: Team, externalId: string): Promise<Json | undefined> {
  const res = await call(`/api/v1/teams/${team.id}/leads?external_id=${encodeURIComponent(externalId)}`, {
    headers: { Authorization: `Bearer ${reader}` },
  });
  expect(res.status).toBe(200);
  return (res.body.data as Json[])[0];
}

/** What each sample must give through its preset. */
const EXPECTED: Record<
  string,
  { external_id: string; name: string; phone: string; email: string; service: string; attribution: Json; type: string }
> = {
  'google-ads-lead-form': {
    external_id: 'TeSter-123-ABCDEFGHIJKLMNOPQRSTUVWXYZ-abcdefghijklmnopqrstuvwxyz-0123456789-AaBbCcDdEe',
    name: 'Maria Lopez',
    phone: '+16505550123',
    email: 'maria.lopez@example.com',
    service: 'Water heater replacement',
    attribution: {
      gclid: 'TeSter-123-ABCDEFGHIJKLMNOPQRSTUVWXYZ-abcdefghijklmnopqrstuvwxyz-gclid',
      utm_source: 'google',
      utm_medium: 'lead_form',
      utm_campaign: '20000000000',
      utm_term: '20000000001',
      utm_content: '30000000000',
    },
    type: 'scheduling_widget',
  },
  'meta-lead-ads': {
    external_id: '908273645512345',
    name: 'Jordan Kim',
    phone: '+13125550178',
    email: 'jordan.kim@example.com',
    service: 'Furnace repair',
    attribution: {
      utm_source: 'ig',
      utm_medium: 'paid_social',
      utm_campaign: 'Winter HVAC 2026',
      utm_term: 'Homeowners 10mi',
      utm_content: 'Winter furnace check - carousel',
      gclid: null,
    },
    type: 'scheduling_widget',
  },
  'google-lsa': {
    external_id: '987654321',
    name: 'Sam Okafor',
    phone: '+17735550142',
    email: 'sam.okafor@example.com',
    service: 'drain_cleaning',
    attribution: {
      utm_source: 'google',
      utm_medium: 'local_services',
      utm_campaign: 'xcat:service_area_business_plumber',
      utm_content: 'MESSAGE',
    },
    type: 'google_lsa',
  },
  gohighlevel: {
    external_id: 'nmFmQEsNgz6AVpgLVUJ0',
    name: 'Priya Shah',
    phone: '+14045550166',
    email: 'priya.shah@example.com',
    service: 'AC tune-up',
    attribution: {
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'ac-tuneup-fall',
      utm_content: 'ad-variant-b',
      gclid: 'Cj0KCQiA-ghl-gclid',
    },
    type: 'scheduling_widget',
  },
  zapier: {
    external_id: 'zap-20261124-0042',
    name: 'Chris Doyle',
    phone: '+16175550191',
    email: 'chris.doyle@example.com',
    service: 'Sump pump install',
    attribution: { utm_source: 'facebook', utm_medium: 'paid_social', utm_campaign: 'spring-basements', gclid: null },
    type: 'scheduling_widget',
  },
};

describe('lead sources through their presets', () => {
  it('has a sample and an expectation for every preset', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(INTAKE_PRESETS.map((p) => p.name).sort());
    expect([...PRESET_NAMES]).toEqual(INTAKE_PRESETS.map((p) => p.name));
  });

  it.each(Object.keys(EXPECTED))('accepts the %s sample with name, phone, email, service and attribution mapped', async (name) => {
    const team = fixture.teams.own;
    const want = EXPECTED[name] as (typeof EXPECTED)[string];
    await applyPreset(team, name);

    const preview = await ingest(sample(name), { 'x-test-mode': 'true' });
    expect(preview.status).toBe(200);
    const explain = preview.body.explain as Record<string, { matched: string | null; fallback_value?: string }>;
    for (const target of ['phone_number', 'email', 'service_type', 'external_id']) {
      expect(explain[target]?.matched).toEqual(expect.any(String));
    }

    const res = await ingest(sample(name));
    expect(res.status).toBe(201);
    const lead = await feedLead(team, want.external_id);
    expect(lead).toMatchObject({
      external_id: want.external_id,
      type: want.type,
      customer: { name: want.name, phone: want.phone, email: want.email, phone_raw: null },
      lead_content: { service_type: want.service },
      attribution: want.attribution,
    });
  });

  it("reads one request with the preset it names (?preset=), whatever the team's mapping, and refuses an unknown one", async () => {
    const team = fixture.teams.sibling;
    const writerSibling = await fixture.createKey('enterprise', ['write:leads'], { team });
    await configs.putIntakeConfig(team.id, intakeConfigSchema.parse({ field_mapping: { fields: { phone_number: ['nowhere'] } } }));
    const post = (query: string) =>
      call(`${INGEST}?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', Authorization: `Bearer ${writerSibling}` },
        body: JSON.stringify(sample('gohighlevel')),
      });

    const preview = await post('preset=gohighlevel&test_mode=true');
    expect(preview.status).toBe(200);
    expect(preview.body.mapped_fields).toMatchObject({
      phone_number: '+14045550166',
      service_type: 'AC tune-up',
      gclid: 'Cj0KCQiA-ghl-gclid',
    });
    const unknown = await post('preset=hubspot');
    expect([unknown.status, unknown.body.field]).toEqual([400, 'preset']);
    const teamMapping = await post('test_mode=true');
    expect([teamMapping.status, teamMapping.body.field]).toEqual([400, 'phone_number']);
  });

  it('reads a Google lead form whatever the order of its questions, which a positional alias cannot', async () => {
    const team = fixture.teams.sibling;
    const writerSibling = await fixture.createKey('enterprise', ['write:leads'], { team });
    await applyPreset(team, 'google-ads-lead-form');
    const payload = sample('google-ads-lead-form');
    const columns = [...(payload.user_column_data as Json[])].reverse();
    const res = await call(INGEST, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: `Bearer ${writerSibling}`, 'x-test-mode': 'true' },
      body: JSON.stringify({ ...payload, user_column_data: columns }),
    });
    expect(res.status).toBe(200);
    expect(res.body.mapped_fields).toMatchObject({
      phone_number: '+16505550123',
      email: 'maria.lopez@example.com',
      customer_name: 'Maria Lopez',
    });
  });
});

describe('the direct Google Ads lead-form route', () => {
  const GOOGLE_KEY = 'glf_test-key-of-the-own-team-0123456789abcdefghijkl';
  const route = (team: Team | number) => `/api/outbound/google-ads/lead-form/${typeof team === 'number' ? team : team.id}`;
  let team: Team;

  beforeAll(async () => {
    team = fixture.teams.foreign;
    await configs.putGoogleLeadFormKey(team.id, rotatedGoogleKey(null, GOOGLE_KEY, new Date()));
  });

  /** Google's post: JSON with google_key in the body, no credential header. */
  function googlePost(target: Team | number, body: Json) {
    return call(route(target), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  function googleLead(leadId: string, phone: string, extra: Json = {}): Json {
    const base = sample('google-ads-lead-form');
    const columns = (base.user_column_data as Json[]).map((c) => (c.column_id === 'PHONE_NUMBER' ? { ...c, string_value: phone } : c));
    return { ...base, lead_id: leadId, user_column_data: columns, google_key: GOOGLE_KEY, ...extra };
  }

  it('creates the lead through the Google preset, answers 200 at once, and never stores the key', async () => {
    const res = await googlePost(team, googleLead('g-created-1', '+16505550201'));

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, result: 'created', team_id: team.id, outreach: { status: 'queued' } });
    const reader = await fixture.createKey('enterprise', ['read:leads'], { team });
    const feed = await call(`/api/v1/teams/${team.id}/leads?external_id=g-created-1`, { headers: { Authorization: `Bearer ${reader}` } });
    const [lead] = feed.body.data as Json[];
    expect(lead).toMatchObject({
      lead_id: res.body.lead_id,
      customer: { name: 'Maria Lopez', phone: '+16505550201', email: 'maria.lopez@example.com' },
      source: 'Google Ads',
      attribution: { gclid: 'TeSter-123-ABCDEFGHIJKLMNOPQRSTUVWXYZ-abcdefghijklmnopqrstuvwxyz-gclid', utm_source: 'google' },
      lead_content: { service_type: 'Water heater replacement' },
    });
    if (!lead) throw new Error('the lead is not in the feed');
    const raw = (lead.lead_content as Json).raw_payload as Json;
    expect(raw.lead_id).toBe('g-created-1');
    expect(raw).not.toHaveProperty('google_key');
    expect(JSON.stringify(lead)).not.toContain(GOOGLE_KEY);
  });

  it("creates one lead however often Google retries the same lead_id, answering each retry 200 'duplicate'", async () => {
    const body = googleLead('g-retried-1', '+16505550202');
    const answers = await Promise.all(Array.from({ length: 6 }, () => googlePost(team, body)));

    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const createdAnswers = answers.filter((a) => a.body.result === 'created');
    expect(createdAnswers).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.result === 'duplicate')) {
      expect(a.body).toMatchObject({ field: 'external_id', lead_id: createdAnswers[0]?.body.lead_id });
    }
  });

  it('runs an is_test lead through test mode: explained, nothing stored, nobody called', async () => {
    // Earlier tests' outreach calls land first, so only this lead's could change the count.
    await service.settle();
    const callsBefore = service.voice.calls.length;
    const res = await googlePost(team, googleLead('g-test-1', '+16505550203', { is_test: true }));

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, test_mode: true, team_id: team.id, mapped_fields: { phone_number: '+16505550203' } });
    expect((res.body.explain as Json).phone_number).toMatchObject({ matched: 'user_column_data[column_id=PHONE_NUMBER].string_value' });
    await service.settle();
    expect(service.voice.calls.length).toBe(callsBefore);
    const again = await googlePost(team, googleLead('g-test-1', '+16505550203'));
    expect(again.body.result).toBe('created');
  });

  it('answers the same 401 to a wrong key, a missing key, a team without a key and a team that does not exist', async () => {
    const bodies = await Promise.all([
      googlePost(team, googleLead('g-401-1', '+16505550204', { google_key: `${GOOGLE_KEY}x` })),
      googlePost(team, { ...googleLead('g-401-2', '+16505550205'), google_key: undefined }),
      googlePost(fixture.teams.sibling, googleLead('g-401-3', '+16505550206')),
      googlePost(987654321, googleLead('g-401-4', '+16505550207')),
      googlePost(team, { google_key: 'nope' }),
    ]);
    for (const res of bodies) {
      expect(res.status).toBe(401);
      const { request_id: _id, ...rest } = res.body;
      expect(rest).toEqual({ success: false, error: 'Missing or invalid google_key', code: 'unauthorized' });
    }
  });

  it('answers 400 naming the member a lead with the right key lacks or gets wrong', async () => {
    const missingId = await googlePost(team, { ...googleLead('x', '+16505550208'), lead_id: undefined });
    const badColumns = await googlePost(team, { ...googleLead('g-400-2', '+16505550209'), user_column_data: 'FULL_NAME=Ana' });
    const badTest = await googlePost(team, googleLead('g-400-3', '+16505550210', { is_test: 'yes' }));
    const noPhone = await googlePost(team, {
      ...googleLead('g-400-4', '+16505550211'),
      user_column_data: [{ column_id: 'FULL_NAME', string_value: 'Ana' }],
    });
    const badTeam = await googlePost(Number.NaN, googleLead('g-400-5', '+16505550212'));

    expect([missingId, badColumns, badTest, noPhone, badTeam].map((r) => [r.status, r.body.field])).toEqual([
      [400, 'lead_id'],
      [400, 'user_column_data'],
      [400, 'is_test'],
      [400, 'phone_number'],
      [400, 'teamId'],
    ]);
  });

  it('keeps accepting the previous key for a day after a rotation', async () => {
    const rotated = 'glf_rotated-key-0123456789abcdefghijklmnopqrstuvwxyz';
    const current = await configs.getGoogleLeadFormKey(team.id);
    await configs.putGoogleLeadFormKey(team.id, rotatedGoogleKey(current, rotated, new Date()));

    const old = await googlePost(team, googleLead('g-rot-1', '+16505550213'));
    const fresh = await googlePost(team, googleLead('g-rot-2', '+16505550214', { google_key: rotated }));
    expect([old.status, fresh.status]).toEqual([200, 200]);
    await configs.putGoogleLeadFormKey(team.id, rotatedGoogleKey(null, GOOGLE_KEY, new Date()));
    expect((await googlePost(team, googleLead('g-rot-3', '+16505550215', { google_key: rotated }))).status).toBe(401);
  });
});
