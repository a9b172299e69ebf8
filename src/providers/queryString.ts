/**
 * Query parameters as the API reads them: arrays bracketed (status[]=20&status[]=30), nested
 * objects as key[sub], null and undefined left out, dates as ISO strings; encoded as axios did (space as '+').
 */
export function queryString(params: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value))
      value.forEach((item) => item !== undefined && item !== null && pairs.push(`${encode(`${key}[]`)}=${encode(text(item))}`));
    else if (typeof value === 'object' && !(value instanceof Date))
      for (const [sub, item] of Object.entries(value)) add(`${key}[${sub}]`, item);
    else pairs.push(`${encode(key)}=${encode(text(value))}`);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.join('&');
}

/** The URL with the query appended (after any query it already has, without its #fragment). */
export function withQuery(url: string, params?: Record<string, unknown>): string {
  const query = params ? queryString(params) : '';
  if (!query) return url;
  const bare = url.split('#')[0];
  return `${bare}${bare.includes('?') ? '&' : '?'}${query}`;
}

const text = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

const encode = (value: string) =>
  encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',').replace(/%20/g, '+');
