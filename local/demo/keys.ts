import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeConfigStore } from '#shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import type { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import type { KeyType, Permission } from '#shared/auth/permissions';
import { authenticateApiKey } from '#shared/domain/identity-resolver';
import { newGoogleLeadFormKey, rotatedGoogleKey } from '#shared/domain/intake/google-lead-form';
import { createApiKey, permissionsAllowedFor } from '#shared/domain/key-service';
import type { Team } from '#shared/domain/tenancy';

/** The demo's keys and where their plaintext goes (`<dataDir>/demo-credentials.json`, see local/demo/seed.ts). */

export interface DemoCredential {
  readonly key: string;
  readonly type: KeyType;
  readonly permissions: readonly Permission[];
  /** Every team the key reaches (QA teams included: they are only left out of aggregations). */
  readonly team_ids: readonly number[];
  readonly enterprise_id: number | null;
  readonly portfolio_id: number | null;
}

export interface DemoCredentials {
  readonly keys: readonly DemoCredential[];
  /** The anchor team's key for the direct Google Ads lead-form route (sent as google_key in the body). */
  readonly google_lead_form?: { readonly team_id: number; readonly key: string; readonly path: string };
}

/** Writes the credentials file atomically, readable by the owner only. */
export function writeCredentials(credentialsPath: string, credentials: DemoCredentials): void {
  mkdirSync(path.dirname(credentialsPath), { recursive: true });
  const body = {
    keys: credentials.keys.map((k) => ({
      key: k.key,
      type: k.type,
      permissions: k.permissions,
      team_ids: k.team_ids,
      enterprise_id: k.enterprise_id,
      portfolio_id: k.portfolio_id,
    })),
    ...(credentials.google_lead_form ? { google_lead_form: credentials.google_lead_form } : {}),
  };
  const temporary = `${credentialsPath}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, credentialsPath);
}

/**
 * One key of each type holding every permission its type may hold (the read permissions and the
 * write permissions of the POST surfaces: write:leads, write:calls, write:sms_campaigns,
 * write:webhooks, write:appointments), all anchored on Summit Plumbing, plus a single-team key
 * holding only read:leads.
 */
export async function issueDemoKeys(tenancy: DynamoTenancyStore, anchor: Team, portfolioId: number): Promise<DemoCredentials> {
  const requests: { name: string; type: KeyType; permissions: readonly Permission[]; portfolioId?: number }[] = [
    { name: 'Demo enterprise key (all permissions)', type: 'enterprise', permissions: permissionsAllowedFor('enterprise') },
    {
      name: 'Demo enterprise_all_teams key (all permissions)',
      type: 'enterprise_all_teams',
      permissions: permissionsAllowedFor('enterprise_all_teams'),
    },
    {
      name: 'Demo portfolio_all_teams key (all permissions)',
      type: 'portfolio_all_teams',
      permissions: permissionsAllowedFor('portfolio_all_teams'),
      portfolioId,
    },
    { name: 'Demo enterprise key (read:leads only)', type: 'enterprise', permissions: ['read:leads'] },
  ];
  const keys: DemoCredential[] = [];
  for (const request of requests) {
    const { plaintext, record } = await createApiKey(tenancy, { ...request, anchorTeamId: anchor.id });
    const resolved = await authenticateApiKey(tenancy, plaintext);
    if (!resolved.ok) throw new Error(`demo key ${record.keyId} does not authenticate (${resolved.reason})`);
    keys.push({
      key: plaintext,
      type: record.type,
      permissions: record.permissions,
      team_ids: resolved.identity.teamIds,
      enterprise_id: resolved.identity.enterpriseId,
      portfolio_id: resolved.identity.portfolioId,
    });
  }
  const googleKey = newGoogleLeadFormKey();
  await new DynamoIntakeConfigStore(getDocumentClient(), physicalTableName('teams')).putGoogleLeadFormKey(
    anchor.id,
    rotatedGoogleKey(null, googleKey, new Date()),
  );
  return {
    keys,
    google_lead_form: { team_id: anchor.id, key: googleKey, path: `/api/outbound/google-ads/lead-form/${anchor.id}` },
  };
}
