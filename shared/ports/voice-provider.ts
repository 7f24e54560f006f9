/** Places outbound AI calls (a voice provider's outbound-call API; a sandbox locally). */
export interface OutboundCallRequest {
  /** Idempotency key: the same key never places a second call at providers that honour it. */
  readonly idempotencyKey: string;
  readonly customerNumber: string;
  readonly customerName: string | null;
  /** Echoed back on the end-of-call report so it can be matched to the lead. */
  readonly metadata: { readonly lead_id: number; readonly stl_call_id: number; readonly team_id: number; readonly attempt: number };
}

export interface OutboundCallResult {
  readonly providerCallId: string;
}

export interface VoiceProvider {
  placeCall(request: OutboundCallRequest): Promise<OutboundCallResult>;
}
