import { log } from '#shared/logging/logger';
import { dimensionedMetric, flushMetrics } from '#shared/logging/metrics';
import type { RouteId } from '#shared/routes';
import type { HttpMiddleware, HttpRequest } from './route-request';

/**
 * The request line, the route's 4xx/5xx count (dimension `route`: the route id) and the
 * invocation's metrics, once the answer is final: registered early, so that its `after` and
 * `onError` run after every other middleware's.
 */
export function requestLog(routeId: RouteId): HttpMiddleware {
  const write = async (request: HttpRequest): Promise<void> => {
    const statusCode = request.response?.statusCode ?? 500;
    if (statusCode >= 400) dimensionedMetric(statusCode >= 500 ? 'Http5xx' : 'Http4xx', { route: routeId });
    // Metrics never change an answer: a failed flush is logged and the response goes out.
    await flushMetrics().catch((error: unknown) => log('warn', 'metrics not written', { error: String(error) }));
    const { requestId, started } = request.internal;
    log('info', 'request', {
      requestId,
      method: request.event.httpMethod,
      resource: request.event.resource,
      status: statusCode,
      durationMs: started === undefined ? undefined : Date.now() - started,
    });
  };
  return { name: 'request-log', after: write, onError: write };
}
