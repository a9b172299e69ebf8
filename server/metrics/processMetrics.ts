import { collectDefaultMetrics, Registry } from 'prom-client';

let shared: Registry | null = null;

/**
 * The process's own figures (CPU, memory, event loop, garbage collection), collected once per process however many
 * apps it builds: each collection watches the event loop and the collector for as long as the process lives.
 */
export function processMetrics(): Registry {
  if (!shared) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared });
  }
  return shared;
}
