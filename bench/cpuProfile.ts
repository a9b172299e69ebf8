import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** Where a function lives: a package of node_modules, Node's own JavaScript, the app's code, or native code. */
function placeOf(url: string): string {
  // Builtins and native calls (socket writes, the garbage collector, compiling) have no script.
  if (!url) return '(native)';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1];
  if (url.startsWith('node:')) return 'Node';
  const own = /\/(server|resources)\/.*$/.exec(url);
  return own ? `app ${own[0].slice(1).split('/').slice(0, 2).join('/')}` : url;
}

/**
 * The self time of a V8 CPU profile (`node --cpu-prof`) in `dir`, by where the code lives and by function, as shares of
 * the profile's busy time: what one request's CPU in Node is spent on.
 */
export function summariseCpuProfile(dir: string, top = 12): string {
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) return `no CPU profile in ${dir}`;
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { nodes: ProfileNode[] };
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const { callFrame, hitCount = 0 } of profile.nodes) {
    if (callFrame.functionName === '(idle)' || callFrame.functionName === '(program)') continue;
    busy += hitCount;
    const place = placeOf(callFrame.url);
    byPlace.set(place, (byPlace.get(place) ?? 0) + hitCount);
    const name = `${callFrame.functionName || '(anonymous)'} ${place}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hitCount);
  }
  const share = (hits: number) => `${((hits / busy) * 100).toFixed(1).padStart(5)} %`;
  const table = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, hits]) => `  ${share(hits)}  ${name}`)
      .join('\n');
  return `Node's busy time by where the code lives:\n${table(byPlace)}\nby function (self time):\n${table(byFunction)}`;
}
