import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { packageOf } from './bundles';
import type { Table } from './report';

/**
 * `--profile`: sections run under `node --cpu-prof`; this reads the V8 CPU profiles they leave
 * (one per thread) and prints where the CPU went: self time by package and the hottest functions.
 * A diagnostic for reading the figures, not a figure itself.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

function ownerOf(url: string, functionName: string): string {
  if (functionName === '(idle)' || functionName === '(garbage collector)' || functionName === '(program)') return functionName;
  if (url === '') return '(native / V8)';
  if (url.startsWith('node:')) return 'node: core';
  const pkg = packageOf(url.replace(/^file:\/\//, ''));
  if (pkg !== '(project)') return pkg;
  const m = /\/(shared|functions|local|bench)\//.exec(url);
  return m ? `(project) ${m[1]}/` : '(project)';
}

export function summarizeProfiles(dir: string, top = 12): Table[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  } catch {
    return [];
  }
  const tables: Table[] = [];
  for (const file of files.sort()) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => {
      self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
    });
    const total = [...self.values()].reduce((s, v) => s + v, 0);
    const busy = [...self].filter(([id]) => byId.get(id)?.callFrame.functionName !== '(idle)').reduce((s, [, v]) => s + v, 0);
    const owners = new Map<string, number>();
    const functions = new Map<string, number>();
    for (const [id, micros] of self) {
      const node = byId.get(id);
      if (!node) continue;
      const { functionName, url, lineNumber } = node.callFrame;
      const owner = ownerOf(url, functionName);
      owners.set(owner, (owners.get(owner) ?? 0) + micros);
      if (functionName === '(idle)') continue;
      const label = `${functionName || '(anonymous)'} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ''}`.trim();
      functions.set(label, (functions.get(label) ?? 0) + micros);
    }
    const thread = /\.(\d+)\.\d+\.cpuprofile$/.exec(file)?.[1] === '0' ? 'main thread' : 'worker thread';
    const share = (v: number) => `${((v / Math.max(1, busy)) * 100).toFixed(1)}%`;
    tables.push({
      title: `CPU profile ${file} (${thread}): ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy; self time by owner`,
      columns: ['owner', 'self ms', 'share of busy'],
      rows: [...owners]
        .filter(([o]) => o !== '(idle)')
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([o, v]) => [o, Math.round(v / 1000), share(v)]),
    });
    tables.push({
      title: `Hottest functions (self time), ${thread}`,
      columns: ['function', 'self ms', 'share of busy'],
      rows: [...functions]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([f, v]) => [f.slice(0, 110), Math.round(v / 1000), share(v)]),
    });
  }
  return tables;
}

function shortUrl(url: string): string {
  const i = url.lastIndexOf('node_modules/');
  if (i !== -1) return url.slice(i + 'node_modules/'.length);
  const m = /\/(shared|functions|local|bench)\/.*/.exec(url);
  return m ? m[0].slice(1) : url;
}
