import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The latest change time (ms) of a file or of anything in a folder, 0 when it does not exist: what a build is older than. */
export function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((latest, name) => Math.max(latest, newest(path.join(target, name))), stat.mtimeMs);
}
