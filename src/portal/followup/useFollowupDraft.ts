import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../providers/httpClient';
import type { SaveState } from '../apply/useDraft';
import { http } from '../providers';
import { followupFields, payloadOf, valuesOf, type FollowupField, type FollowupValues } from './answers';
import { followupPath, type Followup } from './types';

const AUTOSAVE_MS = 1500;
const RETRY_MS = 5000;
const backupKey = (uuid: string) => `followup-draft:${uuid}`;
type Changes = Partial<FollowupValues>;

function readBackup(uuid: string): Changes {
  try {
    const stored = JSON.parse(localStorage.getItem(backupKey(uuid)) ?? 'null') as Changes | null;
    // Only the known fields: an old or foreign copy adds nothing else.
    return Object.fromEntries(followupFields.filter((f) => stored && f in stored).map((f) => [f, stored![f]]));
  } catch {
    return {};
  }
}

/** The changes that can go to the server now, and those kept back until they are fixed (text not a number, too long). */
function split(changes: Changes): [Record<string, unknown>, Changes] {
  const ready: Record<string, unknown> = {};
  const held: Changes = {};
  for (const [field, value] of Object.entries(changes) as [FollowupField, FollowupValues[FollowupField]][]) {
    const payload = payloadOf(field, value);
    if (payload === undefined) Object.assign(held, { [field]: value });
    else ready[field] = payload;
  }
  return [ready, held];
}

/**
 * The follow-up's answers, saved as they are typed, the way the application's draft is (useDraft): each change is
 * kept in this browser at once and goes to the server 1.5 s after typing stops, on leaving a field and when the page
 * is hidden, only the changed fields. The browser's copy holds what the server has not confirmed, is laid over the
 * server's answers on load and sent, so a reload or a lost connection loses nothing; a failed save is retried.
 */
export function useFollowupDraft(initial: Followup) {
  const uuid = initial.application_uuid;
  const [values, setValues] = useState<FollowupValues>(() => ({ ...valuesOf(initial), ...readBackup(uuid) }));
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  /** The server's reasons for refusing a field, shown beside it until it changes. */
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const dirty = useRef<Changes>(readBackup(uuid));
  const sending = useRef<Changes>({});
  const running = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const retryLater = useRef<() => void>(() => undefined);

  const writeBackup = useCallback(() => {
    const unconfirmed = { ...sending.current, ...dirty.current };
    try {
      if (Object.keys(unconfirmed).length) localStorage.setItem(backupKey(uuid), JSON.stringify(unconfirmed));
      else localStorage.removeItem(backupKey(uuid));
    } catch {
      // Storage full or refused: the server still gets the changes.
    }
  }, [uuid]);

  /** Sends what can be sent; true when nothing sendable is left unsaved. */
  const flush = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    while (running.current) await running.current;
    const [ready, held] = split(dirty.current);
    if (Object.keys(ready).length === 0) return true;
    const changes = dirty.current;
    dirty.current = held;
    sending.current = Object.fromEntries(Object.keys(ready).map((f) => [f, changes[f as FollowupField]]));
    let ok = false;
    running.current = (async () => {
      setState({ kind: 'saving' });
      try {
        await http.put<{ data: Followup }>(followupPath(uuid), { data: ready });
        sending.current = {};
        writeBackup();
        setSavedAt(new Date().toISOString());
        setState({ kind: 'saved' });
        ok = true;
      } catch (error) {
        const message = (error as Error).message;
        const status = error instanceof ApiError ? error.status : 0;
        const retry = status === 0 || status >= 500 || status === 429;
        const refused = error instanceof ApiError && status === 422 ? (error.body.errors ?? {}) : {};
        // Under any newer changes; a field the server refused is not sent again until it is changed.
        const back = Object.fromEntries(Object.entries(sending.current).filter(([f]) => !(f in refused))) as Changes;
        dirty.current = { ...back, ...dirty.current };
        sending.current = {};
        writeBackup();
        setServerErrors((shown) => ({ ...shown, ...refused }));
        if (retry || (Object.keys(refused).length && Object.keys(back).length)) {
          timer.current = setTimeout(() => retryLater.current(), retry ? RETRY_MS : 0);
          setState({ kind: 'retrying', message });
        } else {
          setState({ kind: 'failed', message });
        }
      } finally {
        running.current = null;
      }
    })();
    await running.current;
    return ok;
  }, [uuid, writeBackup]);
  useEffect(() => {
    retryLater.current = () => void flush();
  }, [flush]);

  const change = useCallback(
    <F extends FollowupField>(field: F, value: FollowupValues[F]) => {
      setValues((v) => ({ ...v, [field]: value }));
      setServerErrors((shown) => {
        if (!(field in shown)) return shown;
        const rest = { ...shown };
        delete rest[field];
        return rest;
      });
      dirty.current = { ...dirty.current, [field]: value };
      writeBackup();
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_MS);
    },
    [flush, writeBackup],
  );

  /** Once sent in, nothing is left to keep in this browser. */
  const forget = useCallback(() => {
    clearTimeout(timer.current);
    dirty.current = {};
    sending.current = {};
    writeBackup();
  }, [writeBackup]);

  // Changes kept from an earlier visit go now; so do the last ones when the page is hidden or left.
  useEffect(() => {
    if (Object.keys(dirty.current).length) void flush();
    const hidden = () => document.visibilityState === 'hidden' && void flush();
    document.addEventListener('visibilitychange', hidden);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      void flush();
    };
  }, [flush]);

  return { values, change, flush, forget, savedAt, state, serverErrors };
}
