import { createHash } from 'node:crypto';

/**
 * Names for statements prepared outside the app (the floor of bench/load.ts, bench/listCpu.ts), each worked out once:
 * hashing a statement's text on every call would count against them work the app does not do. A module of its own,
 * so that the floor's process loads nothing of the app's.
 */
export function statementNames(prefix: string): (text: string) => string {
  const named = new Map<string, string>();
  return (text) => {
    let name = named.get(text);
    if (!name) named.set(text, (name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`));
    return name;
  };
}
