import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { enums } from '../../../resources/enums';
import type { StaffApplication } from '../../providers/staffMethods';
import { useToggleFinished } from './useToggleFinished';

/** The managers' buttons under the application: edit it in the staff form, and mark it finished or not. */
export function ApplicationActions({ data }: { data: StaffApplication }) {
  const translate = useTranslate();
  const finished = useToggleFinished(data);

  return (
    <>
      {data.status !== enums.application_status.draft && (
        <Button component={RouterLink} to={`/application-form/${data.uuid}`}>
          {translate('app.application_form.edit')}
        </Button>
      )}
      <Button onClick={() => void finished.toggle()} disabled={finished.pending}>
        {translate(finished.label)}
      </Button>
    </>
  );
}
