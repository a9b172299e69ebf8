import type { HttpClient } from '../httpClient';
import type { Signal, Unwrap } from '../staffMethods';

/** An application's signals of duplicates and fraud: read, and one marked checked with a reason. */
export function signalMethods(http: HttpClient, unwrap: Unwrap) {
  const signals = (uuid: string, rest = '') => `/applications/${uuid}/signals${rest}`;
  return {
    /** The application's signals, newest first, naming only the applications the caller may read too. */
    getApplicationSignals: (uuid: string) => unwrap<Signal[]>(http.get(signals(uuid))),
    /** Marks the signal checked with the reason (422 beside `reason` when empty, 409 once checked); answers the signals. */
    checkApplicationSignal: (uuid: string, signalId: number, reason: string) =>
      unwrap<Signal[]>(http.post(signals(uuid, `/${signalId}/check`), { data: { reason } })),
  };
}
