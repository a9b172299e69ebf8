import DownloadIcon from '@mui/icons-material/Download';
import { Button, useDataProvider, useListContext, useNotify } from 'react-admin';
import { useState } from 'react';
import type { StaffDataProvider } from '../../providers/dataProvider';
import { saveFile } from '../downloadFile';

/** Downloads the server's CSV of the list as it is filtered and sorted (formula cells neutralised there). */
export function ExportCsvButton() {
  const { resource, filterValues, sort, total } = useListContext();
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { q, ...filters } = filterValues;
      const params = { ...filters, ...(q ? { search: q } : {}), sort: sort.field, direction: sort.order.toLowerCase() };
      saveFile(await dataProvider.exportList(resource, params), `${resource}.csv`);
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
