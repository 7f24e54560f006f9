import { readFileSync } from 'node:fs';
import * as path from 'node:path';

/** `lead-call-scheduling-service 0.1.0`: the package this CLI belongs to, read from its package.json. */
export function versionText(): string {
  const pkg = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { name: string; version: string };
  return `${pkg.name} ${pkg.version}`;
}
