import { readFileSync } from 'node:fs';

const MB = 1024 * 1024;

/** A process's resident memory in bytes, as the kernel counts it. */
export const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** Samples a process's resident memory every 5 ms while `work` runs; the growth over the start, at its highest. */
export async function measured<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const start = rssOf(pid);
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 5);
  try {
    const result = await work();
    peak = Math.max(peak, rssOf(pid));
    return { result, growthMb: (peak - start) / MB };
  } finally {
    clearInterval(timer);
  }
}
