/**
 * The transport both language-model adapters share (the coach's evaluator, the voice responder):
 * one POST to an OpenAI-compatible `<baseUrl>/chat/completions`, bounded by a time-out, its key
 * read per call (the stack reads it from Secrets Manager at run time). What an answer means, and
 * which failures are worth a retry, stays with each adapter.
 */
export interface ChatCompletionsEndpoint {
  /** An OpenAI-compatible API root, e.g. https://api.openai.com/v1. */
  readonly baseUrl: string;
  /** The key itself, or a reader of it. */
  readonly apiKey: string | (() => Promise<string>);
}

/** The model gave no answer at all: what the caller's error should say ("timed out" or "could not be reached"). */
export class ChatCompletionUnreachable extends Error {
  override name = 'ChatCompletionUnreachable';
  constructor(readonly what: 'timed out' | 'could not be reached') {
    super(`the language model ${what}`);
  }
}

export async function postChatCompletion(
  endpoint: ChatCompletionsEndpoint,
  body: unknown,
  timeoutMs: number,
  fetchImpl: typeof fetch,
): Promise<{ readonly status: number; readonly ok: boolean; readonly text: string }> {
  try {
    const apiKey = typeof endpoint.apiKey === 'string' ? endpoint.apiKey : await endpoint.apiKey();
    const root = endpoint.baseUrl.endsWith('/') ? endpoint.baseUrl : `${endpoint.baseUrl}/`;
    const response = await fetchImpl(new URL('chat/completions', root), {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, ok: response.ok, text: await response.text() };
  } catch (error) {
    const name = (error as Error)?.name;
    throw new ChatCompletionUnreachable(name === 'TimeoutError' || name === 'AbortError' ? 'timed out' : 'could not be reached');
  }
}
