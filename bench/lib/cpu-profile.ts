/**
 * Reads a V8 .cpuprofile (node --cpu-prof) and says where the time went: self time per function and
 * per package (node_modules/<name>, node: internals, the app's own files, (garbage collector),
 * (program) …), as shares of the sampled time that was not idle.
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  busyMs: number;
  idleMs: number;
  byPackage: { name: string; share: number }[];
  byFunction: { name: string; share: number }[];
}

function packageOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  if (url.includes('/apps/server/')) return 'server (apps/server)';
  if (url.includes('/packages/')) return 'workspace packages';
  return url
    .replace(/^file:\/\//, '')
    .split('/')
    .slice(-2)
    .join('/');
}

/**
 * `window` keeps only the samples of a span measured back from the profile's end (`lastMs`, minus
 * `skipEndMs` at the very end): the load phase of a run, without the start-up and shut-down work.
 */
export function summarizeProfile(
  file: string,
  top = 15,
  window?: { lastMs: number; skipEndMs?: number },
): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  const at: number[] = [];
  profile.timeDeltas.reduce((t, d, i) => (at[i] = t + d), 0);
  const end = at.at(-1) ?? 0;
  const from = window ? end - window.lastMs * 1000 : -Infinity;
  const to = window ? end - (window.skipEndMs ?? 0) * 1000 : Infinity;
  profile.samples.forEach((id, i) => {
    if (at[i]! >= from && at[i]! <= to) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  let idle = 0;
  let busy = 0;
  const packages = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id)!;
    const fn = node.callFrame.functionName || '(anonymous)';
    if (fn === '(idle)') {
      idle += us;
      continue;
    }
    busy += us;
    const pkg = packageOf(node.callFrame.url, fn);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
    const where = node.callFrame.url
      ? ` ${node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/apps\/server\//, 'server/')}:${node.callFrame.lineNumber + 1}`
      : '';
    const key = `${fn}${where}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
  }
  const ranked = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, share: busy > 0 ? us / busy : 0 }));
  return { busyMs: busy / 1000, idleMs: idle / 1000, byPackage: ranked(packages), byFunction: ranked(functions) };
}
