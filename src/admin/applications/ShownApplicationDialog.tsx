import { useEffect, useState } from 'react';
import { NavigationType, useNavigationType } from 'react-router-dom';
import { UnsavedChangesScope } from '../unsaved/unsavedChanges';
import { ApplicationDialog } from './ApplicationDialog';
import { useShownApplication, type DialogTab } from './useShownApplication';

/**
 * The dialog of the application the address names (`?show=<uuid>`, `&tab=dialogue`), loaded by its uuid whatever page
 * the list is on. What staff opened stays open until they close it: the list rewrites the address when its filters or
 * page change (react-admin keeps only its own words there, and a search typed just before a row is opened arrives after
 * it), which is no reason to close the dialog; the address gets it back. Going back in the browser's history closes it.
 */
export function ShownApplicationDialog({ mode = 'manage' }: { mode?: 'manage' | 'investigate' }) {
  const { uuid, tab, open, close } = useShownApplication();
  const navigation = useNavigationType();
  const [kept, setKept] = useState<{ uuid: string; tab: DialogTab } | null>(uuid ? { uuid, tab } : null);
  // A new address (a link, the bell, a row opened) says what to show; the address it replaces says nothing more.
  const address = uuid ? `${uuid}:${tab}` : null;
  const [seen, setSeen] = useState(address);
  if (address !== seen) {
    setSeen(address);
    if (uuid) setKept({ uuid, tab });
  }
  const wentBack = kept && !uuid && navigation === NavigationType.Pop;
  if (wentBack) setKept(null);
  useEffect(() => {
    if (kept && !uuid && navigation !== NavigationType.Pop) open(kept.uuid, kept.tab);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `open` is new each render; what matters is the address losing the dialog
  }, [kept, uuid, navigation]);
  if (!kept || wentBack) return null;
  // Keyed by the application, so another one opens with a fresh dialog.
  return (
    <UnsavedChangesScope key={kept.uuid}>
      <ApplicationDialog
        key={kept.uuid}
        uuid={kept.uuid}
        tab={kept.tab}
        onTabChange={(next) => {
          setKept({ uuid: kept.uuid, tab: next });
          open(kept.uuid, next);
        }}
        onClose={() => {
          setKept(null);
          close();
        }}
        // Leaving for the staff form: nothing to keep, so the list, still drawn a moment, does not bring the dialog back.
        onLeave={() => setKept(null)}
        mode={mode}
      />
    </UnsavedChangesScope>
  );
}
