import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../providers/httpClient';
import { http } from '../providers';
import type { ApplicationForm, FormValues } from '../../forms/application/types';

export type SaveState = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'retrying' | 'failed'; message: string };

const AUTOSAVE_MS = 1500;
const RETRY_MS = 5000;
const backupKey = (uuid: string) => `application-draft:${uuid}`;

function readBackup(uuid: string): FormValues {
  try {
    return (JSON.parse(localStorage.getItem(backupKey(uuid)) ?? 'null') as FormValues | null) ?? {};
  } catch {
    return {};
  }
}

/** `changes` over `values`, field by field; the answers (`definitions`) question by question, so a few changed answers leave the others. */
export function withChanges(values: FormValues, changes: FormValues): FormValues {
  const merged = { ...values, ...changes };
  if (changes.definitions) merged.definitions = { ...(values.definitions as object), ...changes.definitions };
  return merged;
}

/** One field's change; an answer is `definitions.<question id>`. */
const fieldChange = (name: string, value: unknown): FormValues =>
  name.startsWith('definitions.') ? { definitions: { [name.slice('definitions.'.length)]: value } } : { [name]: value };

/**
 * A draft that saves itself: every change goes to the server a moment after typing stops, on leaving a field, on
 * changing step and when the page is hidden; only the changed fields are sent. Until the server has confirmed them
 * (those on their way included) they are also kept in this browser at once, so a reload, a closed tab or a lost
 * connection right after the last key loses nothing; a failed save is retried.
 */
export function useDraft(initial: ApplicationForm) {
  const uuid = initial.uuid;
  const [values, setValues] = useState<FormValues>(() => withChanges(initial, readBackup(uuid)));
  const [savedAt, setSavedAt] = useState<string>(initial.updated_at);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const dirty = useRef<FormValues>(readBackup(uuid));
  const sending = useRef<FormValues>({});
  const running = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A failed save tries again through the current flush (set below, once flush exists).
  const retryLater = useRef<() => void>(() => undefined);

  const writeBackup = useCallback(() => {
    const unconfirmed = withChanges(sending.current, dirty.current);
    if (Object.keys(unconfirmed).length) localStorage.setItem(backupKey(uuid), JSON.stringify(unconfirmed));
    else localStorage.removeItem(backupKey(uuid));
  }, [uuid]);

  const flush = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    while (running.current) await running.current;
    const changes = dirty.current;
    if (Object.keys(changes).length === 0) return true;
    dirty.current = {};
    sending.current = changes;
    let ok = false;
    running.current = (async () => {
      setState({ kind: 'saving' });
      try {
        const response = await http.put<{ data: ApplicationForm }>(`/portal/applications/${uuid}`, { data: changes });
        const saved = response.data.data;
        setSavedAt(saved.updated_at);
        sending.current = {};
        writeBackup();
        setState({ kind: 'saved' });
        ok = true;
      } catch (error) {
        const message = (error as Error).message;
        const retry = !(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.status === 429;
        sending.current = {};
        if (retry) {
          // Put the changes back under any newer ones and try again shortly.
          dirty.current = withChanges(changes, dirty.current);
          writeBackup();
          timer.current = setTimeout(() => retryLater.current(), RETRY_MS);
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

  /** Changes one field (answers are `definitions.<id>`): kept in this browser at once, saved shortly. */
  const change = useCallback(
    (name: string, value: unknown) => {
      const changed = fieldChange(name, value);
      setValues((v) => withChanges(v, changed));
      dirty.current = withChanges(dirty.current, changed);
      writeBackup();
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_MS);
    },
    [flush, writeBackup],
  );

  // Changes kept from an earlier visit that never reached the server go now; so do the last ones when the page is
  // hidden (another app, a closed tab) or left.
  useEffect(() => {
    if (Object.keys(dirty.current).length) void flush();
    const hidden = () => document.visibilityState === 'hidden' && void flush();
    document.addEventListener('visibilitychange', hidden);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      void flush();
    };
  }, [flush]);

  return { values, change, flush, savedAt, state };
}
