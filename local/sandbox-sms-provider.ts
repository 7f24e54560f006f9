import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import * as path from 'node:path';
import type { SmsProvider, SmsSendRequest } from '../shared/ports/sms-provider';

export interface SandboxText {
  readonly providerMessageId: string;
  readonly sentAt: string;
  readonly to: string;
  readonly body: string;
  readonly reference: string;
}

/**
 * The local SMS provider: appends every text it would have sent to
 * `<dataDir>/sandbox/sms-outbox.jsonl` and keeps them in memory for tests. `failFor` makes chosen
 * numbers fail like a carrier refusal, to exercise the failed path.
 */
export class SandboxSmsProvider implements SmsProvider {
  readonly sent: SandboxText[] = [];
  private readonly out: WriteStream | null;

  constructor(
    dataDir?: string,
    private readonly failFor: (to: string) => Error | null = () => null,
  ) {
    if (dataDir) {
      const dir = path.join(dataDir, 'sandbox');
      mkdirSync(dir, { recursive: true });
      this.out = createWriteStream(path.join(dir, 'sms-outbox.jsonl'), { flags: 'a' });
    } else {
      this.out = null;
    }
  }

  async send(request: SmsSendRequest): Promise<{ providerMessageId: string }> {
    const failure = this.failFor(request.to);
    if (failure) throw failure;
    const text: SandboxText = { providerMessageId: `sandbox_sms_${randomUUID()}`, sentAt: new Date().toISOString(), ...request };
    this.sent.push(text);
    this.out?.write(`${JSON.stringify(text)}\n`);
    return { providerMessageId: text.providerMessageId };
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.out ? this.out.end(resolve) : resolve()));
  }
}
