import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { generateApiKey, hashApiKey, newKeyId } from '#shared/auth/api-key';
import { startLocalService } from '../local/cli/service';
import { ms, round, type SectionContext, type SectionReport } from './report';

/**
 * Section 7: SMS campaigns with the sandbox provider, unpaced (SMS_SEND_RATE_PER_SECOND=0), for
 * 1,000 and 10,000 recipients: the POST (validation, rendering, pricing, storing the chunks and
 * fanning out one queue message per chunk: every message is enqueued when it answers), and the time
 * until the campaign is completed (every recipient texted and settled, the completion event out).
 */
const SIZES = [1_000, 10_000];
const POST_TARGET_MS = 2_000;

export async function run(ctx: SectionContext): Promise<SectionReport> {
  process.env.LOG_LEVEL ??= 'warn';
  process.env.SMS_SEND_RATE_PER_SECOND = '0';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  ctx.progress('starting the local service (in memory)…');
  const service = await startLocalService({ port: 0, dataDir: undefined, seed: false });
  try {
    const tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
    const enterprise = await tenancy.createEnterprise({ name: 'Bench' });
    const team = await tenancy.createTeam({
      name: 'Bench texting',
      timezone: 'America/Chicago',
      isTest: false,
      enterpriseId: enterprise.id,
      workspaceId: 'ws_bench_sms',
    });
    const key = generateApiKey();
    await tenancy.putApiKey({
      keyId: newKeyId(),
      keyHash: hashApiKey(key),
      name: 'bench',
      type: 'enterprise',
      scope: { kind: 'team', id: team.id },
      anchorTeamId: team.id,
      permissions: ['write:sms_campaigns'],
      createdAt: new Date().toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    });
    const rows: (string | number)[][] = [];
    const figures: Record<string, unknown> = {};
    // One small campaign first, so the measured ones find warm handlers (as a warm Lambda would).
    for (const size of [10, ...SIZES]) {
      const body = JSON.stringify({
        campaign_type: 'seasonal_promotion',
        recipients: Array.from({ length: size }, (_, i) => ({
          phone: `+1312${String(5_550_000 + i).padStart(7, '0')}`,
          name: `Customer ${i}`,
        })),
        message_template: 'Hi {name}, furnace tune-ups are 20% off this week. Book at example.com',
        settings: { respect_quiet_hours: false },
      });
      ctx.progress(`campaign of ${size} recipients…`);
      const started = performance.now();
      const response = await fetch(`${service.url}/v1/messaging/sms/campaign`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-workspace-id': team.workspaceId },
        body,
      });
      const postMs = performance.now() - started;
      const created = (await response.json()) as { data?: { campaign_id: string } };
      if (response.status !== 202 || !created.data) throw new Error(`campaign POST answered ${response.status}`);
      await service.settle();
      const completedMs = performance.now() - started;
      const sent = service.sms.sent.filter((t) => t.reference.startsWith(created.data?.campaign_id ?? '')).length;
      if (size === 10) continue;
      rows.push([size, ms(postMs), ms(completedMs), sent, round((completedMs / size) * 1000, 0), round(size / (completedMs / 1000), 0)]);
      figures[`recipients_${size}`] = { postMs: round(postMs), completedMs: round(completedMs), sent };
    }
    const post10k = (figures.recipients_10000 as { postMs: number }).postMs;
    return {
      tables: [
        {
          title:
            'SMS campaigns, sandbox provider unpaced (local service in memory; the POST stores the campaign and queues its start, the sender fans out one message per chunk)',
          columns: ['recipients', 'POST ms (stored, start queued)', 'until completed ms', 'texts sent', 'µs per recipient', 'texts/s'],
          rows,
        },
      ],
      targets: [
        {
          name: 'POST of a 10,000-recipient campaign',
          figure: ms(post10k),
          target: `≤ ${POST_TARGET_MS} ms`,
          met: post10k <= POST_TARGET_MS,
        },
      ],
      notes: [
        'Linearity: compare µs per recipient between the two sizes (equal = linear).',
        'Sending is bounded by the embedded DynamoDB: per group of 10 recipients, one claim transaction and one settle transaction (so a crash leaves at most 10 unconfirmed), plus the local queue storing each chunk message, its receive and its deletion.',
      ],
      figures,
    };
  } finally {
    await service.stop();
  }
}
