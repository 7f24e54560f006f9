import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import * as path from 'node:path';
import type { SmsProvider, SmsSendRequest } from '#shared/ports/sms-provider';

export interface SandboxText {
  readonly providerMessageId: string;
  readonly sentAt: string;
  readonly to: string;
  readonly body: string;
  readonly reference: string;
}

/**
 * The local SMS provider: appends every text it would have sent to
 * `<dataDir>/sandbox/sms-outbox.jsonl` and keeps them in memory for tests. Each text is written
 * (synchronously) before send answers, so the outbox is exactly what the "provider" accepted, even
 * when the process is killed: crash tests compare it with the campaign's records. `failFor` makes
 * chosen numbers fail like a carrier refusal, to exercise the failed path.
 */
export class SandboxSmsProvider implements SmsProvider {
  readonly sent: SandboxText[] = [];
  private out: number | null;

  constructor(
    dataDir?: string,
    private readonly failFor: (to: string) => Error | null = () => null,
  ) {
    if (dataDir) {
      const dir = path.join(dataDir, 'sandbox');
      mkdirSync(dir, { recursive: true });
      this.out = openSync(path.join(dir, 'sms-outbox.jsonl'), 'a');
    } else {
      this.out = null;
    }
  }

  async send(request: SmsSendRequest): Promise<{ providerMessageId: string }> {
    const failure = this.failFor(request.to);
    if (failure) throw failure;
    const text: SandboxText = { providerMessageId: `sandbox_sms_${randomUUID()}`, sentAt: new Date().toISOString(), ...request };
    if (this.out !== null) writeSync(this.out, `${JSON.stringify(text)}\n`);
    this.sent.push(text);
    return { providerMessageId: text.providerMessageId };
  }

  async close(): Promise<void> {
    if (this.out === null) return;
    closeSync(this.out);
    this.out = null;
  }
}
