import { getMe } from '#shared/contracts/meta-me';
import { createHttpHandler } from '#shared/http/handler';
import { presentMeResponse } from '#shared/presenters/meta';

/** The calling key, as the authorizer resolved it, with the limits the handler factory just counted (no store: nothing to depend on). */
export const handler = createHttpHandler(getMe, async ({ identity, rateLimit }) => ({
  statusCode: 200,
  body: presentMeResponse(identity, rateLimit),
}));
