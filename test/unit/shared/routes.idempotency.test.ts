import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { FINGERPRINT_HEADERS } from '#shared/http/idempotency-key';
import { isIdempotent, ROUTES } from '#shared/routes';

/**
 * Idempotency-Key is declared twice by necessity: the route row lists the idempotency table (so
 * the stack grants it, the local runtime creates it and the API description documents the header)
 * and the handler passes the guard to createHttpHandler (so only those functions bundle it). These
 * checks keep the two, and the request fingerprint, in step with the code.
 */
const ROOT = path.resolve(__dirname, '..', '..', '..');
const handlerSource = (functionName: string) => readFileSync(path.join(ROOT, 'functions', functionName, 'handler.ts'), 'utf8');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('Idempotency-Key wiring', () => {
  it('passes the guard in the handler of every route whose row lists the idempotency table, and in no other', () => {
    for (const route of ROUTES) {
      const passes = /idempotency:\s*idempotencyKeys\(/.test(handlerSource(route.functionName));
      expect({ route: route.id, passes }).toEqual({ route: route.id, passes: isIdempotent(route) });
    }
  });

  it('puts every x- header a handler or the shared code reads into the request fingerprint', () => {
    const read = new Set<string>();
    for (const file of [...sourceFiles(path.join(ROOT, 'functions')), ...sourceFiles(path.join(ROOT, 'shared'))]) {
      for (const match of readFileSync(file, 'utf8').matchAll(/headers\[['"](x-[a-z0-9-]+)['"]\]/g)) read.add(match[1] as string);
    }
    expect(read.size).toBeGreaterThan(0);
    expect([...read].filter((header) => !(FINGERPRINT_HEADERS as readonly string[]).includes(header))).toEqual([]);
  });
});
