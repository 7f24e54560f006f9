import { PermanentProviderError } from '#shared/ports/provider-errors';
import type { OutboundCallRequest, OutboundCallResult, VoiceProvider } from '#shared/ports/voice-provider';

export interface HttpVoiceProviderConfig {
  /** e.g. https://api.vapi.ai */
  readonly baseUrl: string;
  /** The key, or its reader (shared/adapters/runtime/secrets.ts: read from Secrets Manager when a call is placed). */
  readonly apiKey: string | (() => Promise<string>);
  readonly assistantId: string;
  readonly phoneNumberId: string;
  /** @default 10000 */
  readonly timeoutMs?: number;
}

/**
 * A voice provider's outbound-call API (the shape Vapi and similar providers use: POST /call with
 * the assistant, the caller-id number, the customer and free-form metadata). The metadata carries
 * lead_id and stl_call_id so the end-of-call report can be matched to the lead. A 4xx is a
 * permanent refusal, except 429 (throttled: Retry-After says when) and 408; those, a 5xx, a
 * timeout or a network error are transient and retried (the same idempotency key each time).
 */
export class HttpVoiceProvider implements VoiceProvider {
  constructor(
    private readonly config: HttpVoiceProviderConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async placeCall(request: OutboundCallRequest): Promise<OutboundCallResult> {
    const apiKey = typeof this.config.apiKey === 'string' ? this.config.apiKey : await this.config.apiKey();
    const response = await this.fetchImpl(new URL('/call', this.config.baseUrl), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        'idempotency-key': request.idempotencyKey,
      },
      body: JSON.stringify({
        assistantId: this.config.assistantId,
        phoneNumberId: this.config.phoneNumberId,
        customer: { number: request.customerNumber, ...(request.customerName ? { name: request.customerName } : {}) },
        metadata: request.metadata,
      }),
      signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    if (response.status === 429 || response.status === 408) {
      const retryAfter = response.headers.get('retry-after');
      throw new Error(`voice provider throttled the call (${response.status}${retryAfter ? `, Retry-After ${retryAfter} s` : ''})`);
    }
    if (response.status >= 400 && response.status < 500) {
      throw new PermanentProviderError(`voice provider refused the call (${response.status})`, response.status);
    }
    if (!response.ok) throw new Error(`voice provider error ${response.status}`);
    let id: unknown;
    try {
      id = (JSON.parse(text) as { id?: unknown }).id;
    } catch {
      throw new Error('voice provider answered with a body that is not JSON');
    }
    if (typeof id !== 'string' || id === '') throw new Error('voice provider answered without a call id');
    return { providerCallId: id };
  }
}
