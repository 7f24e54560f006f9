import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import type { OutboundCallRequest, OutboundCallResult, VoiceProvider } from '../shared/ports/voice-provider';

export interface SandboxCall {
  readonly providerCallId: string;
  readonly placedAt: string;
  readonly request: OutboundCallRequest;
}

/**
 * The local voice provider: records each outbound call in `<dataDir>/sandbox/voice-calls.jsonl`
 * instead of dialling, and tells listeners (the simulated end-of-call report uses this).
 * Honours the idempotency key as real providers do: the same key returns the same call.
 */
export class SandboxVoiceProvider implements VoiceProvider {
  readonly calls: SandboxCall[] = [];
  private readonly byKey = new Map<string, SandboxCall>();
  private readonly listeners = new Set<(call: SandboxCall) => void>();

  constructor(private readonly dataDir?: string) {}

  async placeCall(request: OutboundCallRequest): Promise<OutboundCallResult> {
    const existing = this.byKey.get(request.idempotencyKey);
    if (existing) return { providerCallId: existing.providerCallId };
    const call: SandboxCall = { providerCallId: `sandbox_${randomUUID()}`, placedAt: new Date().toISOString(), request };
    this.calls.push(call);
    this.byKey.set(request.idempotencyKey, call);
    if (this.dataDir) {
      const dir = path.join(this.dataDir, 'sandbox');
      mkdirSync(dir, { recursive: true });
      appendFileSync(path.join(dir, 'voice-calls.jsonl'), `${JSON.stringify(call)}\n`);
    }
    for (const listener of this.listeners) listener(call);
    return { providerCallId: call.providerCallId };
  }

  onCall(listener: (call: SandboxCall) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
