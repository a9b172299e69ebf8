import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

// The staff's own forms outside react-admin's (a proposal, a review, a decision, a message being written) say when
// they hold what was typed and not saved; the dialog around them asks before it closes or changes tab, and the browser
// before the page is left, as react-admin's forms do with `warnWhenUnsavedChanges`.

interface Unsaved {
  mark(key: string, dirty: boolean): void;
  any(): boolean;
}

const UnsavedContext = createContext<Unsaved | null>(null);

/** Where forms report unsaved changes: a dialog, or a page. The browser asks before the page is left while any does. */
export function UnsavedChangesScope({ children }: { children: ReactNode }) {
  const dirty = useRef(new Set<string>());
  const unsaved = useMemo<Unsaved>(
    () => ({
      mark: (key, isDirty) => void (isDirty ? dirty.current.add(key) : dirty.current.delete(key)),
      any: () => dirty.current.size > 0,
    }),
    [],
  );
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (unsaved.any()) event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [unsaved]);
  return <UnsavedContext.Provider value={unsaved}>{children}</UnsavedContext.Provider>;
}

/** Reports whether this form holds changes not yet saved (to the nearest scope; none, nothing). */
export function useUnsavedChanges(dirty: boolean): void {
  const unsaved = useContext(UnsavedContext);
  const key = useId();
  useEffect(() => {
    unsaved?.mark(key, dirty);
    return () => unsaved?.mark(key, false);
  }, [unsaved, key, dirty]);
}

/** Runs `then` when nothing is unsaved or the user confirms leaving it; else leaves everything as it is. */
export function useConfirmLeave(): (then: () => void) => void {
  const unsaved = useContext(UnsavedContext);
  const translate = useTranslate();
  return useCallback(
    (then: () => void) => {
      if (unsaved?.any() && !window.confirm(translate('ra.message.unsaved_changes'))) return;
      then();
    },
    [unsaved, translate],
  );
}
