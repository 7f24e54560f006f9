import type { HttpMiddleware, HttpResult, IdempotencyGuard } from './route-request';

/**
 * `Idempotency-Key` on the routes whose handler passes a guard (shared/http/idempotency.ts): last
 * of the `before` hooks, first of the `after` ones, so the guard sees validated input and the
 * route's own answer.
 *
 * The guard wraps the route's execution (it claims the key, runs it, then stores or forgets the
 * answer), so this middleware starts the guard in `before` with an execution that waits for the
 * chain: the handler's answer settles it in `after`, its error in `onError`, and either waits for
 * the guard to finish with the key. When the guard answers without executing (a replay), the answer
 * rides on the event as `replayed` and the handler returns it in place of the route's; a refusal
 * (409, 422, 503) is thrown from `before`, so the handler never runs.
 */
export function idempotency(guard: IdempotencyGuard): HttpMiddleware {
  return {
    name: 'idempotency',
    before: async (request) => {
      const input = request.event.input;
      if (!input) throw new Error('idempotency runs after input validation');
      let settle: (outcome: { readonly result: HttpResult } | { readonly error: unknown }) => void = () => undefined;
      const routeAnswer = new Promise<HttpResult>((resolve, reject) => {
        settle = (outcome) => ('result' in outcome ? resolve(outcome.result) : reject(outcome.error));
      });
      let executing: () => void = () => undefined;
      const executionStarted = new Promise<'executing'>((resolve) => {
        executing = () => resolve('executing');
      });
      const finished = guard.run(input, request.context, () => {
        executing();
        return routeAnswer;
      });
      const first = await Promise.race([finished, executionStarted]);
      if (first === 'executing') {
        request.internal.idempotentRun = { settle, finished };
        return;
      }
      request.event = { ...request.event, replayed: first };
    },
    after: async (request) => {
      const run = request.internal.idempotentRun;
      if (!run) return;
      if (!request.response) throw new Error(`${request.event.input?.routeId ?? 'the route'} answered nothing`);
      run.settle({ result: request.response });
      request.response = await run.finished;
    },
    onError: async (request) => {
      const run = request.internal.idempotentRun;
      if (!run) return;
      run.settle({ error: request.error });
      // The guard forgets the key and rethrows the route's error, which the error middleware answers.
      await run.finished.catch(() => undefined);
    },
  };
}
