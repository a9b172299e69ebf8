import { ApplicationDialog } from './ApplicationDialog';
import { useShownApplication } from './useShownApplication';

/** The dialog of the application the address names (`?show=<uuid>`, `&tab=dialogue`), loaded by its uuid whatever page the list is on. */
export function ShownApplicationDialog({ mode = 'manage' }: { mode?: 'manage' | 'investigate' }) {
  const { uuid, tab, setTab, close } = useShownApplication();
  if (!uuid) return null;
  // Keyed by the application, so another one opens with a fresh dialog.
  return <ApplicationDialog key={uuid} uuid={uuid} tab={tab} onTabChange={setTab} onClose={close} mode={mode} />;
}
