import type { EnumMap } from '../../resources/enums';
import type { HttpClient } from './httpClient';

const cache = new Map<string, Promise<EnumMap>>();

/** The enumerations with labels, cached per locale unless a refresh is forced. */
export function getEnums(http: HttpClient, locale: string, force = false): Promise<EnumMap> {
  if (force || !cache.has(locale)) {
    const request = http.get<{ data: EnumMap }>(`/protocol/enums/${locale}`).then((response) => response.data.data);
    request.catch(() => cache.delete(locale));
    cache.set(locale, request);
  }
  return cache.get(locale)!;
}

export function clearEnums(): void {
  cache.clear();
}
