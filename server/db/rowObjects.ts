import type pg from 'pg';

/** A result's rows as pg gives them in `rowMode: 'array'`: each row its columns' values, in the order of `fields`. */
type ArrayResult = pg.QueryResult<unknown[]>;
type RowOf = (values: unknown[]) => Record<string, unknown>;

/** At most this many row shapes are kept; past it they are made afresh (a few µs each). */
const MOST_SHAPES = 500;
const shapes = new Map<string, RowOf>();

/**
 * A function that makes a row object of one shape (these column names, in this order) from its values: one object
 * literal, so every row of a shape is made alike and V8 keeps one hidden class for them. pg makes each row by adding
 * its columns one by one to a copy of an empty row, a store that sees every shape of every statement the app runs and
 * cost a list page three times what it costs a process that runs one statement (bench/load.ts).
 *
 * The same object as pg's: a later column of the same name wins (as an object literal's later key does), and a column
 * named `__proto__` is an own property (a computed key), as pg's assignment to a copy of a null-prototype row leaves it.
 */
function rowOf(names: string[]): RowOf {
  const properties = names.map((name, i) => `${name === '__proto__' ? `[${JSON.stringify(name)}]` : JSON.stringify(name)}: v[${i}]`);
  // The names are the statement's columns, each written as a string literal by JSON.stringify: nothing else is code.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- see above
  return new Function('v', `return { ${properties.join(', ')} };`) as RowOf;
}

/** `result` with its rows made objects keyed by column name (in place), as pg gives them without `rowMode: 'array'`. */
export function withRowObjects(result: ArrayResult): pg.QueryResult {
  const { rows, fields } = result;
  if (!rows.length) return result;
  const names = fields.map((field) => field.name);
  // A NUL cannot be in a column's name, so the key names one shape only.
  const key = names.join('\0');
  let make = shapes.get(key);
  if (!make) {
    if (shapes.size >= MOST_SHAPES) shapes.clear();
    shapes.set(key, (make = rowOf(names)));
  }
  const objects: unknown[] = rows;
  for (let i = 0; i < rows.length; i++) objects[i] = make(rows[i]);
  return result;
}
