import { build } from 'esbuild';
import { functionBuildOptions } from './lib/function-bundle';
const fn = process.argv[2];
const r = await build({ ...functionBuildOptions(process.cwd(), `${process.cwd()}/functions/${fn}/handler.ts`, `/tmp/meta/${fn}`), metafile: true, logLevel: 'silent' });
const outs = r.metafile!.outputs;
const entry = Object.keys(outs).find(f => f.endsWith('/index.mjs'))!;
const seen = new Set<string>(); const visit = (f: string) => { if (seen.has(f) || !outs[f]) return; seen.add(f); for (const i of outs[f].imports) if (i.kind === 'import-statement') visit(i.path); }; visit(entry);
const groups = new Map<string, number>();
for (const f of seen) for (const [inp, v] of Object.entries(outs[f].inputs)) {
  const m = inp.match(/node_modules\/((@[^/]+\/)?[^/]+)/); const k = m ? m[1] : inp.replace(/\/[^/]+$/, '');
  groups.set(k, (groups.get(k) ?? 0) + v.bytesInOutput);
}
let total = 0; for (const f of seen) total += outs[f].bytes;
console.log(fn, 'at load KB', (total/1024).toFixed(1));
for (const [k, v] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((v/1024).toFixed(1).padStart(8), k);
if (process.argv[3]) { const files = new Map<string, number>(); for (const f of seen) for (const [inp, v] of Object.entries(outs[f].inputs)) if (inp.startsWith(process.argv[3])) files.set(inp, (files.get(inp) ?? 0) + v.bytesInOutput);
for (const [k, v] of [...files].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log((v/1024).toFixed(1).padStart(8), k); }
