/**
 * The headers every JSON answer carries beside its content type, whichever part of the service
 * gives it (a route's handler, its error, API Gateway's own responses, the local gateway): answers
 * hold names, phone numbers and widget tokens, so no cache (a browser's, a proxy's) may keep them,
 * and a client must read them as the JSON they are declared, never sniff them as something it
 * would render or run.
 */
export const JSON_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};
