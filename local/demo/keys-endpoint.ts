import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JSON_ANSWER_HEADERS } from '#shared/http/json-answer-headers';

/**
 * A path only the local gateway serves, never the stack: the demo keys `npm start` seeded
 * (<dataDir>/demo-credentials.json), for the console (GET /console) to offer them. The console
 * asks for it only when it is served from a loopback host, and the gateway answers only requests
 * from this machine. The keys are the file's plaintext keys, which `npm start` already prints the
 * path of; nothing else of the service reads this path.
 */
export const DEMO_KEYS_PATH = '/local/demo-keys.json';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** Answers GET /local/demo-keys.json (the demo keys, or none when nothing was seeded); false for any other request. */
export function serveDemoKeys(req: IncomingMessage, res: ServerResponse, pathname: string, credentialsPath: string | null): boolean {
  if (pathname !== DEMO_KEYS_PATH || req.method !== 'GET') return false;
  req.resume();
  if (!LOOPBACK.test(req.socket.remoteAddress ?? '')) {
    res.writeHead(404, { 'content-type': 'application/json', ...JSON_ANSWER_HEADERS });
    res.end('{"error":"not_found","message":"Not found"}');
    return true;
  }
  let keys: unknown[] = [];
  if (credentialsPath) {
    try {
      const file = JSON.parse(readFileSync(credentialsPath, 'utf8')) as { keys?: unknown[] };
      keys = Array.isArray(file.keys) ? file.keys : [];
    } catch {
      keys = [];
    }
  }
  const body = JSON.stringify({ keys });
  res.writeHead(200, { 'content-type': 'application/json', ...JSON_ANSWER_HEADERS, 'content-length': Buffer.byteLength(body) });
  res.end(body);
  return true;
}
