import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeConfigStore } from '#shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { intakeConfigSchema } from '#shared/domain/intake/intake-config-schema';
import { INTAKE_PRESETS, presetByName } from '#shared/domain/intake/presets';
import type { Team } from '#shared/domain/tenancy';
import { type LocalService, startLocalService } from '../../local/service';
import { createTenancyFixture, type TenancyFixture } from '../support/tenancy-fixture';

process.env.LOG_LEVEL = 'silent';

/**
 * The lead sources of issue 12 through the local gateway: a sample of each provider's documented
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
