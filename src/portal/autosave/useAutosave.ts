import { useEffect, useState } from 'react';
import { ApiError } from '../../providers/httpClient';

export type SaveState = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'retrying' | 'failed'; message: string };

/** Changed fields by name, each with its value as typed. */
export type Changes = Record<string, unknown>;

export interface AutosaveOptions<V extends object> {
  /** Where this browser keeps the changes the server has not confirmed. */
  key: string;
  /** The values as the server has them. */
  initial: V;
  /** When the server last saved them; null when it does not say. */
  savedAt: string | null;
  /** Sends changes, each as `payload` gives it; resolves to the time they were saved. */
  save: (changes: Changes) => Promise<string>;
  /** One field's change laid over the values; by default it replaces the field. */
  apply?: (values: V, field: string, value: unknown) => V;
  /** A field's value as the server takes it; undefined while it cannot be sent (kept here until fixed). By default as typed. */
  payload?: (field: string, value: unknown) => unknown;
  /** Whether a field kept in this browser is still one of the form's; by default any is. */
  known?: (field: string) => boolean;
}

const AUTOSAVE_MS = 1500;
const RETRY_MS = 5000;
const count = (changes: object) => Object.keys(changes).length;
const replaced = <V extends object>(values: V, field: string, value: unknown): V => ({ ...values, [field]: value });
const asTyped = (_field: string, value: unknown) => value;

function readBackup(key: string, known = (_field: string) => true): Changes {
  try {
    const stored = JSON.parse(localStorage.getItem(key) || '{}') as Changes;
    // An old or foreign copy adds nothing the form does not know.
    return Object.fromEntries(Object.entries(stored).filter(([field]) => known(field)));
  } catch {
    return {};
  }
}

/**
 * A form that saves itself as it is typed in: each change is kept in this browser at once and goes to the server
 * 1.5 s after typing stops, on flush (leaving a field, changing step) and when the page is hidden; only the changed
 * fields are sent. The browser's copy holds what the server has not confirmed (changes on their way included), is laid
 * over the server's values on load and sent, so a reload, a closed tab or a lost connection loses nothing. A save that
 * failed on the way is retried; fields the server refused (422, each with its reason to show beside it) are kept here
 * and sent again only once changed, the rest of their save at once; any other refusal keeps its fields the same way.
 * The options of the first render hold for the form's life: another draft is another mount.
 */
export function useAutosave<V extends object>(options: AutosaveOptions<V>) {
  const { key, save, apply = replaced, payload = asTyped } = options;
  const [kept] = useState(() => readBackup(key, options.known));
  const [values, setValues] = useState(() => Object.entries(kept).reduce((v, [field, value]) => apply(v, field, value), options.initial));
  const [savedAt, setSavedAt] = useState(options.savedAt);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  /** The server's reasons for refusing a field, shown beside it until it changes. */
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  // The saving, once for the form's life: `dirty` holds the changes not yet sent (and those that cannot be), `sending`
  // those on their way, `refused` those the server refused, which wait for a change; this browser's copy holds all three.
  const [{ change, flush, forget, setOpen }] = useState(() => {
    let dirty = kept;
    let sending: Changes = {};
    let refused: Changes = {};
    let running: Promise<boolean> | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Retries belong to the open form: once it is left, what the server has not confirmed waits in this browser's
    // copy for the next visit rather than being sent by a page no longer there.
    let open = true;

    const writeBackup = () => {
      const unconfirmed = { ...refused, ...sending, ...dirty };
      try {
        if (count(unconfirmed)) localStorage.setItem(key, JSON.stringify(unconfirmed));
        else localStorage.removeItem(key);
      } catch {
        // Storage full or refused: the server still gets the changes.
      }
    };
    const flushIn = (ms: number) => {
      clearTimeout(timer);
      if (open) timer = setTimeout(() => void flush(), ms);
    };

    /** Sends what can be sent; true when nothing that can be sent is left unsaved. */
    const flush = async (): Promise<boolean> => {
      clearTimeout(timer);
      while (running) await running;
      const ready: Changes = {};
      const held: Changes = {};
      sending = {};
      for (const field in dirty) {
        const sent = payload(field, dirty[field]);
        if (sent === undefined) held[field] = dirty[field];
        else {
          ready[field] = sent;
          sending[field] = dirty[field];
        }
      }
      if (!count(ready)) return true;
      dirty = held;
      running = (async () => {
        setState({ kind: 'saving' });
        try {
          setSavedAt(await save(ready));
          setState({ kind: 'saved' });
          return true;
        } catch (error) {
          const status = error instanceof ApiError ? error.status : 0;
          const retry = status === 0 || status >= 500 || status === 429;
          const reasons = (status === 422 && (error as ApiError).body.errors) || {};
          const named = Object.keys(sending).some((field) => field in reasons);
          // Under any newer changes: all after a failure on the way, else those the server did not name.
          const back: Changes = {};
          for (const field in sending)
            if (retry || (named && !(field in reasons))) back[field] = sending[field];
            else if (!(field in dirty)) refused[field] = sending[field];
          dirty = { ...back, ...dirty };
          setServerErrors((errors) => ({ ...errors, ...reasons }));
          const again = count(back);
          if (again) flushIn(retry ? RETRY_MS : 0);
          setState({ kind: again ? 'retrying' : 'failed', message: (error as Error).message });
          return false;
        } finally {
          sending = {};
          writeBackup();
          running = null;
        }
      })();
      return running;
    };

    return {
      flush,
      setOpen: (now: boolean) => {
        open = now;
        if (!now) clearTimeout(timer);
      },
      /** Changes one field: kept in this browser at once, saved shortly. */
      change: (field: keyof V & string, value: V[keyof V]) => {
        setValues((values) => apply(values, field, value));
        setServerErrors(({ [field]: _, ...rest }) => rest);
        delete refused[field];
        dirty = { ...dirty, [field]: value };
        writeBackup();
        flushIn(AUTOSAVE_MS);
      },
      /** Once sent in, nothing is left to keep in this browser. */
      forget: () => {
        clearTimeout(timer);
        [dirty, sending, refused] = [{}, {}, {}];
        writeBackup();
      },
    };
  });

  // Changes kept from an earlier visit go now; so do the last ones when the page is hidden (another app, a closed
  // tab) or left.
  useEffect(() => {
    setOpen(true);
    void flush();
    const hidden = () => document.visibilityState === 'hidden' && void flush();
    document.addEventListener('visibilitychange', hidden);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      void flush();
      setOpen(false);
    };
  }, [flush, setOpen]);

  return { values, change, flush, forget, savedAt, state, serverErrors };
}
