import {
  Alert,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { RetentionPreview } from '../../providers/staffMethods';
import { useIsPhone } from '../layout/useIsPhone';
import { useStaffQuery } from '../useStaffQuery';
import { retentionScope } from './RetentionRulesForm';

const actions = ['drafts', 'rejected', 'approved'] as const;

/**
 * What a run of the retention rules would delete and anonymise now, per period (GET /retention/preview): a table on a
 * screen, a list on a phone. Saving the rules reloads it (the same query scope).
 */
export function RetentionPreviewSection() {
  const translate = useTranslate();
  const { data, error } = useStaffQuery(retentionScope, 'getRetentionPreview', []);
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!data) return <CircularProgress aria-label={translate('ra.page.loading')} />;
  if (data.periods.length === 0) return <Alert severity="info">{translate('app.data_protection.preview_empty')}</Alert>;
  return <PreviewTable preview={data} />;
}

function PreviewTable({ preview }: { preview: RetentionPreview }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const phone = useIsPhone();
  const number = new Intl.NumberFormat(locale);
  const date = (day: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  const heading = (action: (typeof actions)[number]) => translate(`app.data_protection.preview_${action}`);
  if (phone)
    return (
      <List dense aria-label={translate('app.data_protection.preview')}>
        {preview.periods.map((line) => (
          <ListItem key={line.period.id} disableGutters divider>
            <ListItemText
              primary={line.period.name}
              secondary={[
                `${translate('app.data_protection.preview_end_date')}: ${date(line.period.end_date)}`,
                ...actions.map((action) => `${heading(action)}: ${number.format(line[action])}`),
              ].join(' · ')}
            />
          </ListItem>
        ))}
        <ListItem disableGutters>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {`${translate('app.data_protection.preview_total')}: ${actions.map((action) => `${heading(action)} ${number.format(preview.totals[action])}`).join(' · ')}`}
          </Typography>
        </ListItem>
      </List>
    );
  return (
    <Table size="small" aria-label={translate('app.data_protection.preview')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.data_protection.preview_period')}</TableCell>
          <TableCell>{translate('app.data_protection.preview_end_date')}</TableCell>
          {actions.map((action) => (
            <TableCell key={action} align="right">
              {heading(action)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {preview.periods.map((line) => (
          <TableRow key={line.period.id}>
            <TableCell>{line.period.name}</TableCell>
            <TableCell>{date(line.period.end_date)}</TableCell>
            {actions.map((action) => (
              <TableCell key={action} align="right">
                {number.format(line[action])}
              </TableCell>
            ))}
          </TableRow>
        ))}
        <TableRow>
          <TableCell component="th" scope="row" colSpan={2} sx={{ fontWeight: 600 }}>
            {translate('app.data_protection.preview_total')}
          </TableCell>
          {actions.map((action) => (
            <TableCell key={action} align="right" sx={{ fontWeight: 600 }}>
              {number.format(preview.totals[action])}
            </TableCell>
          ))}
        </TableRow>
      </TableBody>
    </Table>
  );
}
