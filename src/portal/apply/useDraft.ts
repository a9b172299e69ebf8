import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../providers/httpClient';
import { http } from '../providers';
import type { ApplicationForm, FormValues } from './types';

export type SaveState = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'retrying' | 'failed'; message: string };

const AUTOSAVE_MS = 1500;
const RETRY_MS = 5000;
const backupKey = (uuid: string) => `application-draft:${uuid}`;

function readBackup(uuid: string): FormValues | null {
  try {
    return JSON.parse(localStorage.getItem(backupKey(uuid)) ?? 'null');
  } catch {
    return null;
  }
}

/**
 * A draft that saves itself: changes go to the server a moment after typing stops, on leaving a field and on changing
 * step; only the changed fields are sent. Until the server has them they are also kept in this browser, so a reload or
 * a lost connection loses nothing; a failed save is retried.
 */
export function useDraft(initial: ApplicationForm) {
  const uuid = initial.uuid;
  const [values, setValues] = useState<FormValues>(() => ({ ...initial, ...readBackup(uuid) }));
  const [savedAt, setSavedAt] = useState<string>(initial.updated_at);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const dirty = useRef<FormValues>(readBackup(uuid) ?? {});
  const running = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const flush = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    while (running.current) await running.current;
    const changes = dirty.current;
    if (Object.keys(changes).length === 0) return true;
    dirty.current = {};
    let ok = false;
    running.current = (async () => {
      setState({ kind: 'saving' });
      try {
        const response = await http.put(`/portal/applications/${uuid}`, { data: changes });
        const saved = response.data.data as ApplicationForm;
        setSavedAt(saved.updated_at);
        if (Object.keys(dirty.current).length === 0) localStorage.removeItem(backupKey(uuid));
        setState({ kind: 'saved' });
        ok = true;
      } catch (error) {
        const message = (error as Error).message;
        const retry = !(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.status === 429;
        if (retry) {
          // Put the changes back under any newer ones and try again shortly.
          dirty.current = { ...changes, ...dirty.current, ...mergeAnswers(changes, dirty.current) };
          timer.current = setTimeout(() => void flush(), RETRY_MS);
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
  }, [uuid]);

  /** Changes one field (answers are `definitions.<id>`) and schedules a save. */
  const change = useCallback(
    (name: string, value: unknown) => {
      if (name.startsWith('definitions.')) {
        const id = name.slice('definitions.'.length);
        setValues((v) => ({ ...v, definitions: { ...(v.definitions as object), [id]: value } }));
        dirty.current = { ...dirty.current, definitions: { ...(dirty.current.definitions as object), [id]: value } };
      } else {
        setValues((v) => ({ ...v, [name]: value }));
        dirty.current = { ...dirty.current, [name]: value };
      }
      localStorage.setItem(backupKey(uuid), JSON.stringify(dirty.current));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_MS);
    },
    [uuid, flush],
  );

  // Changes kept from an earlier visit that never reached the server go now.
  useEffect(() => {
    if (Object.keys(dirty.current).length) void flush();
    return () => void flush();
  }, [flush]);

  return { values, change, flush, savedAt, state };
}

function mergeAnswers(older: FormValues, newer: FormValues): FormValues {
  if (!older.definitions && !newer.definitions) return {};
  return { definitions: { ...(older.definitions as object), ...(newer.definitions as object) } };
}
