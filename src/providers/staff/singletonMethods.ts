import { singletonByName, type SingletonName } from '../../../resources/index';
import type { HttpClient } from '../httpClient';
import type { SingletonAnswer, Unwrap } from '../staffMethods';

/** The settings singletons (resources/singletons.ts): each read and changed at its declared endpoint. */
export function singletonMethods(http: HttpClient, unwrap: Unwrap) {
  const path = (name: SingletonName) => `/${singletonByName(name).endpoint}`;
  return {
    getSingleton: <N extends SingletonName>(name: N) => unwrap<SingletonAnswer<N>>(http.get(path(name))),
    /** Changes the fields given (a keyed singleton: the keys given); answers the singleton as saved. */
    saveSingleton: <N extends SingletonName>(name: N, values: Record<string, unknown>) =>
      unwrap<SingletonAnswer<N>>(http.put(path(name), { data: values })),
  };
}
