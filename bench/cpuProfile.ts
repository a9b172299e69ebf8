import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * The profile's nodes with their hits within `window` (microseconds of the monotonic clock, as process.hrtime gives
 * it, which V8's profiler also counts in): a run's own samples, without the server's start and the warm-up.
 */
function hitsWithin(profile: Profile, window?: { from: number; to: number }): ProfileNode[] {
  if (!window) return profile.nodes;
  const hits = new Map<number, number>();
  let time = profile.startTime;
  profile.samples.forEach((id, i) => {
    time += profile.timeDeltas[i];
    if (time >= window.from && time <= window.to) hits.set(id, (hits.get(id) ?? 0) + 1);
  });
  return profile.nodes.map((node) => ({ ...node, hitCount: hits.get(node.id) ?? 0 }));
}

/** Now on the clock of `hitsWithin`'s window. */
export const profileClock = () => Number(process.hrtime.bigint() / 1000n);

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

/** Where a place's or function's time goes, in the parts a request passes through (`LOAD_PROFILE=1`). */
function partOf(place: string, functionName: string): string {
  if (/stringify|serializ/i.test(functionName) || place === 'fast-json-stringify') return 'serialisation (JSON)';
  // Code made at run time has no script: the response schemas' serialisers that fast-json-stringify writes (new
  // Function), named `anonymous` by V8.
  if (place === '(native)' && /^anonymous\d*$/.test(functionName)) return 'serialisation (JSON)';
  if (place === 'kysely') return 'Kysely';
  if (/^pg(-|$)/.test(place)) return 'pg driver';
  if (place === 'app server/auth' || place === 'app server/session') return 'session lookup';
  if (place.startsWith('app server/plugins') || place.startsWith('app server/routes')) return 'hooks and routes (app)';
  if (/^(fastify|find-my-way|avvio|light-my-request|@fastify\/|fast-querystring|secure-json-parse)/.test(place)) return 'Fastify';
  if (place.startsWith('app ')) return 'list and other app code';
  return 'Node, sockets and GC';
}

/**
 * The busy time of the V8 CPU profile in `dir` by the parts a request passes through, as shares (0-1), of the samples
 * within `window` when given.
 */
export function cpuByPart(dir: string, window?: { from: number; to: number }): Map<string, number> {
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) return new Map();
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile;
  const parts = new Map<string, number>();
  let busy = 0;
  for (const { callFrame, hitCount = 0 } of hitsWithin(profile, window)) {
    if (callFrame.functionName === '(idle)' || callFrame.functionName === '(program)') continue;
    busy += hitCount;
    const part = partOf(placeOf(callFrame.url), callFrame.functionName);
    parts.set(part, (parts.get(part) ?? 0) + hitCount);
  }
  return new Map([...parts].map(([part, hits]) => [part, hits / busy]));
}

/**
 * The self time of a V8 CPU profile (`node --cpu-prof`) in `dir`, by where the code lives and by function, as shares of
 * the profile's busy time: what one request's CPU in Node is spent on.
 */
export function summariseCpuProfile(dir: string, top = 12, window?: { from: number; to: number }): string {
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) return `no CPU profile in ${dir}`;
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile;
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const { callFrame, hitCount = 0 } of hitsWithin(profile, window)) {
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
