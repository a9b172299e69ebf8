import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext, useNotify } from 'react-admin';
import { useState } from 'react';
import { http } from '../providers';
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
      const response = await http.get(`/${endpointFor(resource)}/export`, {
        params: { ...filters, ...(q ? { search: q } : {}), sort: sort.field, direction: sort.order.toLowerCase() },
        responseType: 'blob',
      });
      const name = /filename="([^"]+)"/.exec(response.headers['content-disposition'] ?? '')?.[1] ?? `${resource}.csv`;
      const link = document.createElement('a');
      link.href = URL.createObjectURL(response.data);
      link.download = name;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return <Button label="ra.action.export" onClick={download} disabled={busy || total === 0} startIcon={<DownloadIcon />} />;
}
