/** POSTs one signed webhook attempt (shared/adapters/http/webhook-sender.ts). */
export interface WebhookRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface WebhookResponse {
  /** Null when no HTTP answer came (refused address, DNS, connection, timeout). */
  readonly statusCode: number | null;
  readonly latencyMs: number;
  /** Why the attempt failed, when it did; never the response body. */
  readonly error: string | null;
}

export interface WebhookSender {
  send(request: WebhookRequest): Promise<WebhookResponse>;
}
