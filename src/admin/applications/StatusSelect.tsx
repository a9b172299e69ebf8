import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { enums } from '../../../resources/enums';
import { ApiError } from '../../providers/httpClient';
import { http } from '../providers';
import { visuallyHidden } from '../../components/visuallyHidden';

const { draft, ...settable } = enums.application_status;

/**
 * The inline status selector (SPEC.md §4): any status but draft. Success says "status changed" and refreshes the
 * list; failure shows the error toast and leaves the row as it was.
 */
export function StatusSelect() {
  const record = useRecordContext<{ uuid: string; reference: string | null; status: number }>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const change = async (status: number) => {
    setBusy(true);
    try {
      await http.post(`/applications/${record.uuid}/updateStatus`, { data: { status } });
      notify('app.applications.status_changed', { type: 'success' });
      refresh();
    } catch (error) {
      const reason = error instanceof ApiError ? error.message : '';
      notify('errors.status_not_changed', { type: 'error', messageArgs: { _: `${translate('errors.status_not_changed')} ${reason}`.trim() } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <TextField
      select
      variant="outlined"
      size="small"
      value={record.status === draft ? '' : record.status}
      onChange={(event) => void change(Number(event.target.value))}
      onClick={(event) => event.stopPropagation()}
      disabled={busy}
      label={translate('app.applications.status_of', { reference: record.reference ?? '' })}
      slotProps={{ inputLabel: { sx: visuallyHidden } }}
      sx={{ minWidth: 170, '& legend': { width: 0 } }}
    >
      {Object.entries(settable).map(([key, value]) => (
        <MenuItem key={key} value={value}>
          {translate(`enums.application_status.${key}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
