import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { StatisticsTable } from '../../../resources/statistics';
import { http } from '../providers';

/** Downloads one table as the server's CSV, as the settings lists' export does; described by its card's heading. */
export function ExportStatisticsButton({ table, period, describedBy }: { table: StatisticsTable; period: number | null; describedBy: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const response = await http.get('/statistics/export', { params: { table, ...(period ? { period } : {}) }, responseType: 'blob' });
      const name = /filename="([^"]+)"/.exec(response.headers['content-disposition'] ?? '')?.[1] ?? `${table}.csv`;
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
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={download} disabled={busy} aria-describedby={describedBy}>
      {translate('app.statistics.export.button')}
    </Button>
  );
}
