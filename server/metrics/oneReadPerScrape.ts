/**
 * A read that several gauges share: a scrape collects every gauge at once, so the calls that come while one read is
 * under way get its answer rather than reading again.
 */
export function oneReadPerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= read().finally(() => {
      pending = null;
    }));
}
