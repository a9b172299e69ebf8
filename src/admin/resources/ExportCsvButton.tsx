import DownloadIcon from '@mui/icons-material/Download';
import { Button, useDataProvider, useListContext, useNotify } from 'react-admin';
import { useState } from 'react';
import type { StaffDataProvider } from '../../providers/dataProvider';
import { saveFile } from '../downloadFile';

/** Downloads the server's CSV of the list as it is filtered and sorted (formula cells neutralised there). */
export function ExportCsvButton() {
  const list = useListContext();
  const { resource, sort, total } = list;
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { q, ...filters } = list.filterValues as Record<string, unknown>;
      const params = { ...filters, ...(q ? { search: q } : {}), sort: sort.field, direction: sort.order.toLowerCase() };
      saveFile(await dataProvider.exportList(resource, params), `${resource}.csv`);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="ra.action.export" onClick={() => void download()} disabled={busy || total === 0}>
      <DownloadIcon />
    </Button>
  );
}
