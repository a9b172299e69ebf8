import { Box, MenuItem, TextField } from '@mui/material';
import { HttpError, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { enums } from '../../../resources/enums';
import { useApplicationMutation } from '../useStaffQuery';
import { visuallyHidden } from '../../components/visuallyHidden';
import { useShownApplication } from './useShownApplication';
import { useStatusLabel } from './statuses';
import { StoodAsideMarker, type Withheld } from '../WithheldMarker';

const { draft, ...settable } = enums.application_status;

/**
 * The inline status selector: any status but draft. Success says "status changed" and reloads the
 * lists; failure (the server's reason, such as a capped period without room) shows the error toast and leaves the row
 * as it was. "Approved" on an application without an approved amount opens its decision instead, "approved" chosen:
 * an approval is made with its amount. Where the reader stood aside from the application, who takes no part in
 * deciding it, the status to read, at the selector's height (`marked`: with the marker beside it).
 */
export function StatusSelect({ marked = false }: { marked?: boolean }) {
  const record = useRecordContext<{
    uuid: string;
    reference: string | null;
    status: number;
    approved_money?: number | null;
    withheld?: Withheld | null;
  }>();
  const translate = useTranslate();
  const statusLabel = useStatusLabel();
  const notify = useNotify();
  const { approveInDecision } = useShownApplication();
  const uuid = record?.uuid ?? '';
  const update = useApplicationMutation(uuid, (dataProvider, status: number) => dataProvider.updateStatus(uuid, status));
  if (!record) return null;
  if (record.withheld === 'stood_aside')
    return (
      <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, minHeight: 40 }}>
        {statusLabel(record.status)}
        {marked && <StoodAsideMarker />}
      </Box>
    );
  const change = async (status: number) => {
    if (status === settable.approved && record.approved_money == null) {
      approveInDecision(record);
      return;
    }
    try {
      await update.mutateAsync(status);
      notify('app.applications.status_changed', { type: 'success' });
    } catch (error) {
      const reason = error instanceof HttpError ? error.message : '';
      notify('errors.status_not_changed', {
        type: 'error',
        messageArgs: { _: `${translate('errors.status_not_changed')} ${reason}`.trim() },
      });
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
      disabled={update.isPending}
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
