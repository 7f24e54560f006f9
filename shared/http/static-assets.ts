import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { NotFoundError } from '#shared/errors';
import { ASSET_FOLDER, type PageAsset, pageAssetsOf } from '#shared/pages/assets';
import type { HttpResult } from './middleware/route-request';

/**
 * Serves a page function's assets (shared/pages/assets.ts) and its HTML. In Lambda the files sit
 * in `assets/` beside the bundle (LAMBDA_TASK_ROOT), each with the `.br` and `.gz` copies the stack
 * made at synth; under `npm start` and the tests they are read from the repository and compressed
 * once, on first use. Answers are base64 Lambda bodies (the read API lists every type as binary):
 * brotli or gzip when Accept-Encoding allows it, the bytes as they are otherwise.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

/** The compressed copies' file suffixes (written by the stack, read here). */
export const ENCODED_SUFFIX = { br: '.br', gzip: '.gz' } as const;

/** A year, immutable: asset URLs carry their content's hash (`?v=`), so a new version is a new URL. */
const LONG_CACHE = 'public, max-age=31536000, immutable';
/** An asset asked for without its current hash (a page from before a deployment): revalidated soon. */
const SHORT_CACHE = 'public, max-age=300';

/**
 * The repository root, where the sources of the assets are when the service runs from its checkout
 * (CommonJS under tsx and Jest). Only called there: the ES module bundle has no __dirname.
 */
const repositoryRoot = () => path.resolve(__dirname, '..', '..');

/** How the stack compresses (lib/service-function.ts) and how the checkout does on first use. */
export function compress(bytes: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(bytes, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      })
    : gzipSync(bytes, { level: 9 });
}

/** The best encoding the Accept-Encoding header allows: brotli, then gzip, else none (q=0 refuses one). */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

interface LoadedAsset {
  readonly asset: PageAsset;
  readonly bytes: Buffer;
  readonly version: string;
  readonly encoded: Map<'br' | 'gzip', Buffer>;
  readonly filePath: string;
}

export interface AssetServer {
  /** The content hash the page puts in the asset's URL (`?v=`). */
  versionOf(file: string): string;
  /** The asset's answer: 404 for a file the function does not serve. */
  serve(file: string, acceptEncoding: string | undefined, version: string | undefined): HttpResult;
}

/** The asset server of a page function (its folder name under functions/). */
export function assetServer(functionName: string): AssetServer {
  const assets = new Map(pageAssetsOf(functionName).map((asset) => [asset.file, asset]));
  const loaded = new Map<string, LoadedAsset>();
  const bundled = process.env.LAMBDA_TASK_ROOT ? path.join(process.env.LAMBDA_TASK_ROOT, ASSET_FOLDER) : null;

  const load = (file: string): LoadedAsset => {
    const existing = loaded.get(file);
    if (existing) return existing;
    const asset = assets.get(file);
    if (!asset) throw new NotFoundError(`file: no asset named ${file}`);
    const filePath = bundled ? path.join(bundled, asset.file) : path.join(repositoryRoot(), asset.source);
    const bytes = readFileSync(filePath);
    const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    const entry: LoadedAsset = { asset, bytes, version, encoded: new Map(), filePath };
    loaded.set(file, entry);
    return entry;
  };

  const encodedBytes = (entry: LoadedAsset, encoding: 'br' | 'gzip'): Buffer => {
    let bytes = entry.encoded.get(encoding);
    if (!bytes) {
      const copy = `${entry.filePath}${ENCODED_SUFFIX[encoding]}`;
      bytes = bundled && existsSync(copy) ? readFileSync(copy) : compress(entry.bytes, encoding);
      entry.encoded.set(encoding, bytes);
    }
    return bytes;
  };

  return {
    versionOf: (file) => load(file).version,
    serve(file, acceptEncoding, version) {
      const entry = load(file);
      const encoding = negotiateEncoding(acceptEncoding);
      const body = encoding === 'identity' ? entry.bytes : encodedBytes(entry, encoding);
      return {
        statusCode: 200,
        body: body.toString('base64'),
        isBase64Encoded: true,
        headers: {
          'content-type': entry.asset.contentType,
          ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
          vary: 'accept-encoding',
          'cache-control': version === entry.version ? LONG_CACHE : SHORT_CACHE,
          'x-content-type-options': 'nosniff',
        },
      };
    },
  };
}

/**
 * A page's answer: its HTML, never cached without revalidation (it names the current asset
 * versions), with a Content-Security-Policy that lets it load and call only this origin.
 */
export function htmlPage(html: string, contentSecurityPolicy: string): HttpResult {
  return {
    statusCode: 200,
    body: Buffer.from(html, 'utf8').toString('base64'),
    isBase64Encoded: true,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      'content-security-policy': contentSecurityPolicy,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    },
  };
}

/**
 * The policy of both pages: everything from this origin only. `style` adds what the page needs
 * beyond files (`styleSrc`): Scalar's Vue components set inline styles.
 */
export function selfOnlyPolicy(styleSrc: string = "'self'"): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src ${styleSrc}`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Escapes text for an HTML attribute or element (the pages put only their own values in, but never unescaped). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
