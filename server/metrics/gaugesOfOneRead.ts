import { Gauge, type Registry } from 'prom-client';
import { whileReachable } from './whileReachable.js';

/**
 * Gauges that share one read at scrape time, each showing its own part of the answer: a scrape collects every gauge at
 * once, so the calls that come while the read is under way get its answer rather than reading again. While the
 * database cannot be reached each has no value (NaN).
 */
export function gaugesOfOneRead<T>(
  registry: Registry,
  read: () => Promise<T>,
  gauges: { name: string; help: string; value: (answer: T) => number }[],
) {
  let pending: Promise<T> | null = null;
  const shared = () =>
    (pending ??= read().finally(() => {
      pending = null;
    }));
  for (const { name, help, value } of gauges)
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        await whileReachable(
          async () => this.set(value(await shared())),
          () => this.set(NaN),
        );
      },
    });
}
