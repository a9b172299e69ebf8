/**
 * The ranges of the database's integer column types: a value outside them is a field error, never a database error.
 * Ids are `serial`/`integer` (int4); amounts are `bigint`, bounded lower by the product (MAX_MONEY).
 */
export const INT4 = { min: -2_147_483_648, max: 2_147_483_647 } as const;
/** The range of a row id: a serial int4 starts at 1. */
export const ID_RANGE = { min: 1, max: INT4.max } as const;

/** A bigint column as far as a JavaScript number stays exact. */
export const BIGINT_SAFE = { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER } as const;
/** Whether a value is a whole number an int4 column can hold. */
export const isInt4 = (value: number) => Number.isInteger(value) && value >= INT4.min && value <= INT4.max;
/** Whether a value is a whole number that can name a row. */
export const isId = (value: number) => Number.isInteger(value) && value >= ID_RANGE.min && value <= ID_RANGE.max;
