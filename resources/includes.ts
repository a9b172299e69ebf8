/**
 * Whether `value` is one of `list`, and if so of the list's type. `Array.prototype.includes` takes only the list's own
 * type, so a number is not accepted for a list of enumeration codes (`[approved, rejected]`) without a cast.
 */
export function includes<T extends U, U>(list: readonly T[], value: U): value is T {
  return list.some((item) => item === value);
}
