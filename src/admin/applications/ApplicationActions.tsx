import { Button } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { enums } from '../../../resources/enums';
import type { StaffApplication } from '../../providers/staffMethods';
import { useApplicationMutation } from '../useStaffQuery';

/** The managers' buttons under the application: edit it in the staff form, and mark it finished or not. */
export function ApplicationActions({ data }: { data: StaffApplication }) {
  const translate = useTranslate();
  const notify = useNotify();
  const finish = useApplicationMutation(data.uuid, (dataProvider, finished: boolean) => dataProvider.setFinished(data.uuid, finished));

  const toggleFinished = async () => {
    try {
      await finish.mutateAsync(!data.finished);
      notify(data.finished ? 'app.applications.marked_not_finished' : 'app.applications.marked_finished', { type: 'success' });
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
  };

  return (
    <>
      {data.status !== enums.application_status.draft && (
        <Button component={RouterLink} to={`/application-form/${data.uuid}`}>
          {translate('app.application_form.edit')}
        </Button>
      )}
      <Button onClick={() => void toggleFinished()}>
        {translate(data.finished ? 'app.applications.mark_not_finished' : 'app.applications.mark_finished')}
      </Button>
    </>
  );
}
