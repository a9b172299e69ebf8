import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { StatisticsTable } from '../../../resources/statistics';
import type { StaffDataProvider } from '../../providers/dataProvider';
import { saveFile } from '../downloadFile';

/** Downloads one table as the server's CSV, as the settings lists' export does; described by its card's heading. */
export function ExportStatisticsButton({
  table,
  period,
  describedBy,
}: {
  table: StatisticsTable;
  period: number | null;
  describedBy: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await dataProvider.exportStatistics(table, period), `${table}.csv`);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download()} disabled={busy} aria-describedby={describedBy}>
      {translate('app.statistics.export.button')}
    </Button>
  );
}
