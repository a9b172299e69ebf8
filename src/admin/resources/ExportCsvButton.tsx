import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext, useNotify } from 'react-admin';
import { useState } from 'react';
import { downloadFile } from '../downloadFile';
import { endpointFor } from '../../../resources/index';

/** Downloads the server's CSV of the list as it is filtered and sorted (formula cells neutralised there). */
export function ExportCsvButton() {
  const { resource, filterValues, sort, total } = useListContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { q, ...filters } = filterValues;
      const params = { ...filters, ...(q ? { search: q } : {}), sort: sort.field, direction: sort.order.toLowerCase() };
      await downloadFile(`/${endpointFor(resource)}/export`, params, `${resource}.csv`);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="ra.action.export" onClick={download} disabled={busy || total === 0}>
      <DownloadIcon />
    </Button>
  );
}
