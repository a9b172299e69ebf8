import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The chip of an application's row with unchecked signals: "Signal 2", read out as "2 unchecked signals". Nothing
 * where there are none, or where the reader stood aside (null).
 */
export function SignalChip({ count }: { count: number | null | undefined }) {
  const translate = useTranslate();
  if (!count) return null;
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      icon={<ReportProblemOutlined />}
      label={`${translate('signals.chip')} ${count}`}
      aria-label={translate('signals.chip_label', { smart_count: count })}
      sx={{ ml: 1 }}
    />
  );
}
