/** Sends one text (AWS End User Messaging SMS in production; an outbox file locally). */
export interface SmsSendRequest {
  readonly to: string;
  readonly body: string;
  /** Our reference, for delivery receipts and idempotency. */
  readonly reference: string;
}

export interface SmsProvider {
  send(request: SmsSendRequest): Promise<{ readonly providerMessageId: string }>;
}
