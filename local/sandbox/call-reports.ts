import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { createApiKey } from '#shared/domain/key-service';
import type { Team } from '#shared/domain/tenancy';
import { log } from '#shared/logging/logger';
import { sandboxRecordingUrl } from './recordings';
import type { SandboxCall } from './voice-provider';

/**
 * Closes the speed-to-lead loop locally: for every call the sandbox voice provider "places", it
 * POSTs the end-of-call report a real voice provider would send to the service's own voice webhook
 * (`POST /v1/responder/webhook` through the local gateway, so the authorizer, the handler and the
 * responder all run), after `delayMs`.
 *
 * What the simulated customer does is deterministic, so a demo can be steered by the phone number:
 * - on the FIRST attempt, a lead whose phone number ends in an odd digit does not answer
 *   (`endedReason: customer-did-not-answer`): with `outreach.max_attempts` above 1 the service
 *   schedules a retry, otherwise the lead completes with outcome `no_answer`;
 * - every other call is answered: the customer asks for the lead's service "tomorrow at 10 am"
 *   with booking intent, standard urgency and positive sentiment, so the responder books it.
 *
 * The webhook is called with an internal sandbox key: one `enterprise_all_teams` key per
 * enterprise holding only `write:calls`, created on first use through the key service, kept in
 * memory only (never written to demo-credentials.json) and revoked when the local service stops.
 * The simulated call compresses time: it ends when the report is sent and started `duration`
 * seconds before.
 */
export interface SandboxCallReporterOptions {
  /** Base URL of the local gateway; known only once the gateway listens. */
  readonly baseUrl: () => string;
  /**
   * Where delivered reports are logged (`sandbox/voice-reports.jsonl`), so that after a restart the
   * calls still waiting for their report get one, as a real provider would still send it.
   */
  readonly dataDir?: string;
  /** @default 1500 */
  readonly delayMs?: number;
}

export interface SentReport {
  readonly providerCallId: string;
  readonly stlCallId: number;
  readonly answered: boolean;
  /** HTTP status of the webhook's answer; null when it could not be delivered. */
  readonly status: number | null;
  readonly response: unknown;
}

/** Webhook deliveries per report, like a provider retrying a 5xx or a network error. */
const MAX_DELIVERIES = 3;
const ANSWERED_DURATION_SECONDS = 95;
const UNANSWERED_DURATION_SECONDS = 28;
const KEY_NAME = 'local sandbox call reports';

interface SandboxKey {
  readonly plaintext: string;
  readonly keyId: string;
}

/** Whether the simulated customer picks up (see the rules above). */
export function sandboxCustomerAnswers(customerNumber: string, attempt: number): boolean {
  const last = Number(customerNumber.trim().slice(-1));
  return attempt > 1 || !Number.isInteger(last) || last % 2 === 0;
}

/** The report in the nested shape of current voice providers (artifact / analysis.structuredData). */
export function simulatedEndOfCallReport(
  call: SandboxCall,
  lead: { serviceType: string | null },
  endedAt: Date,
): { answered: boolean; body: Record<string, unknown> } {
  const { request } = call;
  const answered = sandboxCustomerAnswers(request.customerNumber, request.metadata.attempt);
  const duration = answered ? ANSWERED_DURATION_SECONDS : UNANSWERED_DURATION_SECONDS;
  const startedAt = new Date(endedAt.getTime() - duration * 1000);
  const service = lead.serviceType ?? 'a service visit';
  const name = request.customerName ?? 'there';
  const transcript = answered
    ? [
        `AI: Hi ${name}, this is the scheduling assistant calling about your request for ${service}. Is now a good time?`,
        'Customer: Yes, thanks for calling back so fast.',
        'AI: When would you like a technician to come by?',
        'Customer: Tomorrow at 10 am works for me.',
        'AI: Great, you are booked for tomorrow at 10 am. You will get a confirmation text shortly.',
        'Customer: Perfect, thank you.',
      ].join('\n')
    : '';
  const body = {
    message: {
      type: 'end-of-call-report',
      call: {
        id: call.providerCallId,
        type: 'outboundPhoneCall',
        customer: { number: request.customerNumber, name: request.customerName ?? undefined },
        metadata: { ...request.metadata },
      },
      artifact: {
        transcript,
        messages: answered ? providerMessages(transcript, startedAt.getTime()) : [],
        recordingUrl: answered ? sandboxRecordingUrl(call.providerCallId) : undefined,
      },
      analysis: answered
        ? {
            summary: `The customer asked for ${service} and booked tomorrow at 10 am.`,
            structuredData: { callReason: service, sentiment: 'positive', bookingIntent: true, urgency: 'standard' },
          }
        : {
            summary: 'The customer did not answer.',
            structuredData: { callReason: service, sentiment: 'neutral', bookingIntent: false, urgency: 'standard' },
          },
      endedReason: answered ? 'customer-ended-call' : 'customer-did-not-answer',
      startedAt: startedAt.toISOString(),
      endedAt: endedAt.toISOString(),
      durationSeconds: duration,
      cost: answered ? 0.14 : 0.02,
    },
  };
  return { answered, body };
}

/** The transcript as the provider's timed messages (artifact.messages), a system prompt first as providers send it. */
function providerMessages(transcript: string, startMs: number) {
  const lines = transcript.split('\n');
  const messages: Record<string, unknown>[] = [
    { role: 'system', message: 'You are the scheduling assistant.', time: startMs, secondsFromStart: 0 },
  ];
  lines.forEach((line, i) => {
    const [label, ...rest] = line.split(': ');
    const from = 1 + i * 5;
    messages.push({
      role: label === 'AI' ? 'bot' : 'user',
      message: rest.join(': '),
      time: startMs + from * 1000,
      endTime: startMs + (from + 4) * 1000,
      secondsFromStart: from,
      duration: 4,
    });
  });
  return messages;
}

export class SandboxCallReporter {
  readonly sent: SentReport[] = [];
  private readonly delayMs: number;
  /** Reports waiting for their delay, with what settles their pending entry if stop() cancels them. */
  private readonly waiting = new Map<NodeJS.Timeout, () => void>();
  private readonly inFlight = new Set<Promise<void>>();
  /** Sandbox keys by enterprise id (promises, so concurrent first calls create one key). */
  private readonly keys = new Map<number, Promise<SandboxKey>>();
  private readonly minted: SandboxKey[] = [];
  private stopped = false;
  private stores: { tenancy: DynamoTenancyStore; intake: DynamoIntakeStore } | undefined;

  constructor(private readonly options: SandboxCallReporterOptions) {
    this.delayMs = Math.max(0, options.delayMs ?? 1500);
  }

  /** The SandboxVoiceProvider listener. */
  readonly onCall = (call: SandboxCall): void => {
    if (this.stopped) return;
    // Counted as pending at once (not when the timer fires), so idle() covers the delay too.
    let settle: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      settle = () => {
        this.inFlight.delete(done);
        resolve();
      };
    });
    this.inFlight.add(done);
    const timer = setTimeout(() => {
      this.waiting.delete(timer);
      this.report(call)
        .catch((error: unknown) =>
          log('error', 'sandbox call report failed', {
            providerCallId: call.providerCallId,
            error: error instanceof Error ? error.message : String(error),
          }),
        )
        .finally(settle);
    }, this.delayMs);
    timer.unref?.();
    this.waiting.set(timer, settle);
  };

  /**
   * Announces again the calls of an earlier run whose report was never delivered (the process
   * stopped during the delay or the delivery). Returns how many.
   */
  resume(calls: readonly SandboxCall[]): number {
    const file = this.reportsFile();
    const delivered = new Set<string>();
    if (file && existsSync(file)) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        const match = /"providerCallId":"([^"]+)"/.exec(line);
        if (match?.[1]) delivered.add(match[1]);
      }
    }
    const waiting = calls.filter((c) => !delivered.has(c.providerCallId));
    for (const call of waiting) this.onCall(call);
    return waiting.length;
  }

  private reportsFile(): string | null {
    return this.options.dataDir ? path.join(this.options.dataDir, 'sandbox', 'voice-reports.jsonl') : null;
  }

  /** Reports waiting for their delay or being delivered. */
  get pending(): number {
    return this.inFlight.size;
  }

  /** Resolves once every report announced so far has been delivered (or given up on). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** Cancels reports still waiting, waits for those being delivered, revokes the sandbox keys. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const [timer, settle] of this.waiting) {
      clearTimeout(timer);
      settle();
    }
    this.waiting.clear();
    await this.idle();
    await Promise.allSettled(this.keys.values());
    this.keys.clear();
    const at = new Date().toISOString();
    for (const key of this.minted.splice(0))
      await this.storesOnce()
        .tenancy.revokeApiKey(key.keyId, at)
        .catch(() => undefined);
  }

  private async report(call: SandboxCall): Promise<void> {
    const { tenancy, intake } = this.storesOnce();
    const { team_id: teamId, stl_call_id: stlCallId } = call.request.metadata;
    const team = await tenancy.getTeam(teamId);
    if (!team) throw new Error(`team ${teamId} of the sandbox call does not exist`);
    const lead = await intake.getLeadByStlCallId(stlCallId);
    const serviceType = lead?.lead_content.service_type;
    const { answered, body } = simulatedEndOfCallReport(
      call,
      { serviceType: typeof serviceType === 'string' ? serviceType : null },
      new Date(),
    );

    let status: number | null = null;
    let response: unknown = null;
    let freshKey = false;
    for (let delivery = 1; delivery <= MAX_DELIVERIES; delivery++) {
      try {
        const key = await this.keyFor(team);
        const res = await fetch(`${this.options.baseUrl()}/v1/responder/webhook`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${key.plaintext}`,
            'x-workspace-id': team.workspaceId,
          },
          body: JSON.stringify(body),
        });
        status = res.status;
        const text = await res.text();
        response = text === '' ? null : (JSON.parse(text) as unknown);
        // The authorizer resolved the key's teams when it first saw the key (and the gateway caches
        // that): a team created since is not among them. A new key sees the enterprise as it is now.
        if (res.status === 403 && !freshKey) {
          freshKey = true;
          this.keys.delete(team.enterpriseId);
          continue;
        }
        if (res.status < 500) break;
      } catch (error) {
        status = null;
        response = { error: error instanceof Error ? error.message : String(error) };
      }
      if (delivery < MAX_DELIVERIES) await new Promise((resolve) => setTimeout(resolve, 200 * delivery));
    }
    this.sent.push({ providerCallId: call.providerCallId, stlCallId, answered, status, response });
    const file = this.reportsFile();
    if (file && status !== null) {
      mkdirSync(path.dirname(file), { recursive: true });
      appendFileSync(file, `${JSON.stringify({ providerCallId: call.providerCallId, stlCallId, status, at: new Date().toISOString() })}\n`);
    }
    if (status === null || status >= 300) {
      log('warn', 'sandbox call report not accepted', { providerCallId: call.providerCallId, stlCallId, status });
    }
  }

  private keyFor(team: Team): Promise<SandboxKey> {
    let key = this.keys.get(team.enterpriseId);
    if (!key) {
      key = createApiKey(this.storesOnce().tenancy, {
        name: KEY_NAME,
        type: 'enterprise_all_teams',
        anchorTeamId: team.id,
        permissions: ['write:calls'],
        internal: true,
      }).then((created) => {
        const minted = { plaintext: created.plaintext, keyId: created.record.keyId };
        this.minted.push(minted);
        return minted;
      });
      // A failed creation is not cached: the next delivery tries again.
      const pending = key;
      pending.catch(() => {
        if (this.keys.get(team.enterpriseId) === pending) this.keys.delete(team.enterpriseId);
      });
      this.keys.set(team.enterpriseId, key);
    }
    return key;
  }

  /** Built on first use: the table variables are set only once the tables exist. */
  private storesOnce(): { tenancy: DynamoTenancyStore; intake: DynamoIntakeStore } {
    this.stores ??= {
      tenancy: new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams')),
      intake: new DynamoIntakeStore(getDocumentClient(), physicalTableName('leads')),
    };
    return this.stores;
  }
}
