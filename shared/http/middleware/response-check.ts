import type { RouteContract } from '#shared/contracts/contract';
import { describeIssue } from '../validation';
import { bodyValue, type HttpMiddleware, type HttpResult } from './route-request';

/**
 * Under test (Jest sets both), every success body is checked against the route's contract, so
 * every test that calls a route also checks its responses. Production never pays for it.
 */
export const CHECK_RESPONSES = process.env.NODE_ENV === 'test' || process.env.JEST_WORKER_ID !== undefined;

/**
 * A success body its contract does not describe (an undocumented status, a field added or renamed)
 * fails the request that got it, as a 500, before field groups apply: the route's own answer is
 * checked, as the client would get it (the JSON text, parsed).
 */
export function responseCheck(contract: RouteContract): HttpMiddleware {
  return {
    name: 'response-check',
    after: (request) => {
      if (request.response) checkResponse(contract, request.response);
    },
  };
}

function checkResponse(contract: RouteContract, result: HttpResult): void {
  if (result.statusCode < 200 || result.statusCode > 299) return;
  const schema = contract.responses[result.statusCode];
  if (!schema) throw responseContractError(`${contract.routeId} answered ${result.statusCode}, a status its contract does not list`);
  const checked = schema().safeParse(JSON.parse(JSON.stringify(bodyValue(result) ?? null)));
  if (checked.success) return;
  const issue = checked.error.issues[0];
  const { message } = issue ? describeIssue(issue, 'response') : { message: 'invalid' };
  throw responseContractError(`${contract.routeId} answered a ${result.statusCode} body its contract refuses: ${message}`);
}

/** The error becomes the generic 500 (tests usually silence logs), so it is also printed: the failing test says why. */
function responseContractError(message: string): Error {
  console.error(`response contract: ${message}`);
  return new Error(message);
}
