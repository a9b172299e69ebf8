import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { enums } from '../../../resources/enums';
import type { StaffApplication } from '../../providers/staffMethods';
import { DeleteApplicationButton } from './DeleteApplication';
import { useToggleFinished } from './useToggleFinished';

/**
 * The managers' buttons under the application: edit it in the staff form, mark it finished or not, and delete it
 * (`onDeleted` closes the dialog).
 */
export function ApplicationActions({
  data,
  onDeleted,
  onLeave,
}: {
  data: StaffApplication;
  onDeleted: () => void;
  /** Called as a link leaves the list for another page (the staff form), so the dialog does not bring it back. */
  onLeave?: () => void;
}) {
  const translate = useTranslate();
  const finished = useToggleFinished(data);

  return (
    <>
      {data.status !== enums.application_status.draft && (
        <Button component={RouterLink} to={`/application-form/${data.uuid}`} onClick={onLeave}>
          {translate('app.application_form.edit')}
        </Button>
      )}
      <Button onClick={() => void finished.toggle()} disabled={finished.pending}>
        {translate(finished.label)}
      </Button>
      <DeleteApplicationButton application={data} onDeleted={onDeleted} />
    </>
  );
}
