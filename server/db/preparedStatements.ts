import { createHash } from 'node:crypto';
import pg from 'pg';
import { withRowObjects } from './rowObjects.js';

/**
 * Statements run this often are prepared: each connection then parses them once, and plans them once where a plan
 * fits every call (PostgreSQL's plan cache decides). A list page's three statements (the session, the totals, the
 * page) cost PostgreSQL 0.6 ms of CPU so instead of 1.0 ms (bench/load.ts).
 */
const PREPARE_AFTER_RUNS = 3;
/**
 * At most this many statements are prepared, so the connections' plan caches stay small whatever the app runs (a
 * list page's statement holds about 160 kB on each connection that has run it).
 */
const MOST_PREPARED = 100;
/** Statements counted but not yet prepared; the count starts afresh beyond this many, so it cannot grow either. */
const MOST_COUNTED = 5_000;

/**
 * A search's best plan depends on what it looks for: a pattern that matches a few rows wants the trigram indexes, one
 * that matches many may not, and a prepared statement's plan cache could settle on one plan for every pattern. The
 * lists search with LIKE on folded text (server/lists/search.ts), and ILIKE is the same question.
 */
const patternMatch = /\bi?like\b/i;

/** Whether a statement may be prepared: not a search (above). */
export const preparable = (text: string) => !patternMatch.test(text);

/** Which statements one pool has seen and prepared: each pool (each database) counts its own. */
class Statements {
  private readonly runs = new Map<string, number>();
  private readonly prepared = new Map<string, string>();
  /** Statements whose prepared plan no longer fitted their table (below): never prepared again by this pool. */
  private readonly unpreparable = new Set<string>();

  /** The name `text` is prepared under, once it has run often enough; undefined until then (and for a search). */
  name(text: string): string | undefined {
    const name = this.prepared.get(text);
    if (name !== undefined || this.prepared.size >= MOST_PREPARED || this.unpreparable.has(text)) return name;
    if (!preparable(text)) {
      this.unpreparable.add(text);
      return undefined;
    }
    const count = (this.runs.get(text) ?? 0) + 1;
    if (count < PREPARE_AFTER_RUNS) {
      if (this.runs.size >= MOST_COUNTED) this.runs.clear();
      this.runs.set(text, count);
      return undefined;
    }
    this.runs.delete(text);
    const made = `p${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    this.prepared.set(text, made);
    return made;
  }

  /** Run unprepared from now on. */
  forget(text: string): void {
    this.prepared.delete(text);
    this.unpreparable.add(text);
  }
}

/**
 * A pg client class, for one pool, that runs a statement the app runs often as a prepared (named) one. Kysely passes
 * every query as text and parameters; a statement without parameters is run as it is, and a cursor or a call with a
 * callback goes through unchanged.
 *
 * The query is given to pg with a callback, and its promise made here: a query pg makes the promise of (one without a
 * callback) leaves its rows to be promoted out of V8's young generation when requests overlap, megabytes a scavenge
 * under load against kilobytes so, and collecting them took a quarter of a list page's Node CPU (bench/load.ts).
 */
export function preparingClient(): typeof pg.Client {
  const statements = new Statements();
  return class PreparingClient extends pg.Client {
    // pg's query() has a dozen overloads; this one stands for all of them and hands on what it does not name.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
    override query(config: unknown, values?: unknown, callback?: unknown): any {
      if (typeof config !== 'string' || !Array.isArray(values) || callback !== undefined) {
        return super.query(config as string, values as unknown[], callback as () => void);
      }
      // With parameters, one statement, whose rows come as arrays and are made objects here (rowObjects.ts); without,
      // pg's simple protocol, which may run several and answer with a result each.
      const run = (query: pg.QueryConfig) =>
        new Promise<pg.QueryResult>((resolve, reject) => {
          const done = (error: Error | null, result: pg.QueryResult) => (error ? reject(error) : resolve(result));
          if (!values.length) super.query(query, done);
          else
            super.query({ ...query, rowMode: 'array' }, (error: Error | null, result: pg.QueryResult<unknown[]>) =>
              error ? reject(error) : resolve(withRowObjects(result)),
            );
        });
      const name = values.length > 0 && statements.name(config);
      if (!name) return run({ text: config, values });
      return run({ name, text: config, values }).catch((error: unknown) => {
        // "cached plan must not change result type": a table it reads changed shape (a migration by another server).
        // Run unprepared from now on (this connection keeps the stale plan under that name, never used again), and
        // at once when no transaction was under way, which the error has not spoilt then.
        if ((error as { code?: string }).code !== '0A000') throw error;
        statements.forget(config);
        if (this.getTransactionStatus() !== 'I') throw error;
        return run({ text: config, values });
      });
    }
  };
}
