import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { OutboundCallRequest, OutboundCallResult, VoiceProvider } from '#shared/ports/voice-provider';

export interface SandboxCall {
  readonly providerCallId: string;
  readonly placedAt: string;
  readonly request: OutboundCallRequest;
}

/**
 * The local voice provider: records each outbound call in `<dataDir>/sandbox/voice-calls.jsonl`
 * instead of dialling, and tells listeners (the simulated end-of-call report uses this).
 * Honours the idempotency key as real providers do: the same key returns the same call, also
 * after a restart (the calls file is read back), so a worker that takes over an abandoned claim
 * never dials twice. A call is on disk before placeCall answers.
 */
export class SandboxVoiceProvider implements VoiceProvider {
  readonly calls: SandboxCall[] = [];
  /** Calls an earlier run placed, read back from the calls file. */
  readonly restoredCalls: SandboxCall[] = [];
  private readonly byKey = new Map<string, SandboxCall>();
  private readonly listeners = new Set<(call: SandboxCall) => void>();

  constructor(private readonly dataDir?: string) {
    const file = this.file();
    if (!file || !existsSync(file)) return;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      try {
        const call = JSON.parse(line) as SandboxCall;
        this.byKey.set(call.request.idempotencyKey, call);
        this.restoredCalls.push(call);
      } catch {
        // A line cut short by a crash: that call was never answered, so it was never placed.
      }
    }
  }

  private file(): string | null {
    return this.dataDir ? path.join(this.dataDir, 'sandbox', 'voice-calls.jsonl') : null;
  }

  async placeCall(request: OutboundCallRequest): Promise<OutboundCallResult> {
    const existing = this.byKey.get(request.idempotencyKey);
    if (existing) return { providerCallId: existing.providerCallId };
    const call: SandboxCall = { providerCallId: `sandbox_${randomUUID()}`, placedAt: new Date().toISOString(), request };
    this.calls.push(call);
    this.byKey.set(request.idempotencyKey, call);
    const file = this.file();
    if (file) {
      mkdirSync(path.dirname(file), { recursive: true });
      appendFileSync(file, `${JSON.stringify(call)}\n`);
    }
    for (const listener of this.listeners) listener(call);
    return { providerCallId: call.providerCallId };
  }

  onCall(listener: (call: SandboxCall) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
