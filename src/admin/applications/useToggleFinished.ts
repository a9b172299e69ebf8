import { useNotify } from 'react-admin';
import type { StaffApplication } from '../../providers/staffMethods';
import { useApplicationMutation } from '../useStaffQuery';

/**
 * Marks the application finished, or not finished again, with a notice either way; the application, its progress
 * indicators and the lists are read again.
 */
export function useToggleFinished(data: Pick<StaffApplication, 'uuid' | 'finished'>) {
  const notify = useNotify();
  const finish = useApplicationMutation(data.uuid, (dataProvider, finished: boolean) => dataProvider.setFinished(data.uuid, finished));

  const toggle = async () => {
    try {
      await finish.mutateAsync(!data.finished);
      notify(data.finished ? 'app.applications.marked_not_finished' : 'app.applications.marked_finished', { type: 'success' });
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
  };

  return {
    toggle,
    pending: finish.isPending,
    label: data.finished ? 'app.applications.mark_not_finished' : 'app.applications.mark_finished',
  };
}
