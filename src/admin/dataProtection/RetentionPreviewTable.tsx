import {
  Alert,
  Box,
  Button,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { formatDate, formatDateTime } from '../../../resources/format';
import { visuallyHidden } from '../../components/visuallyHidden';
import type { StaffDataProvider } from '../../providers/dataProvider';
import type { RetentionPreview } from '../../providers/staffMethods';
import { useIsPhone } from '../layout/useIsPhone';
import { useStaffQuery } from '../useStaffQuery';
import { PostponeDialog, type PreviewLine } from './PostponeDialog';
import { retentionScope } from './retentionScope';

const actions = ['drafts', 'rejected', 'approved'] as const;

/**
 * What a run of the retention rules would delete and anonymise now, per period (GET /retention/preview), and the
 * periods staff have postponed, each with its actions (postpone, change, resume): a table on a screen, a list on a
 * phone. Saving the rules, a postponement or a run reloads it (the same query scope).
 */
export function RetentionPreviewSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const { data, error } = useStaffQuery(retentionScope, 'getRetentionPreview', []);
  const [postponing, setPostponing] = useState<PreviewLine | null>(null);
  const [resuming, setResuming] = useState<PreviewLine | null>(null);
  const resume = useMutation({
    mutationFn: (line: PreviewLine) => dataProvider.resumeRetention(line.period.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: retentionScope }),
  });
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!data) return <CircularProgress aria-label={translate('ra.page.loading')} />;
  if (data.periods.length === 0) return <Alert severity="info">{translate('app.data_protection.preview_empty')}</Alert>;

  const confirmResume = async () => {
    if (!resuming) return;
    try {
      await resume.mutateAsync(resuming);
      notify('app.data_protection.postpone.resumed', { type: 'success', messageArgs: { name: resuming.period.name } });
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    } finally {
      setResuming(null);
    }
  };

  return (
    <>
      <PreviewTable preview={data} onPostpone={setPostponing} onResume={setResuming} />
      {data.periods.some((line) => line.postponed) && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {translate('app.data_protection.postpone.not_in_totals')}
        </Typography>
      )}
      {postponing && <PostponeDialog line={postponing} onClose={() => setPostponing(null)} />}
      <Confirm
        isOpen={!!resuming}
        loading={resume.isPending}
        title={translate('app.data_protection.postpone.resume_title', { name: resuming?.period.name ?? '' })}
        content={translate('app.data_protection.postpone.resume_question', { name: resuming?.period.name ?? '' })}
        confirm="app.data_protection.postpone.resume"
        onConfirm={() => void confirmResume()}
        onClose={() => setResuming(null)}
      />
    </>
  );
}

interface TableProps {
  preview: RetentionPreview;
  onPostpone: (line: PreviewLine) => void;
  onResume: (line: PreviewLine) => void;
}

function PreviewTable({ preview, onPostpone, onResume }: TableProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const phone = useIsPhone();
  const number = new Intl.NumberFormat(locale);
  const heading = (action: (typeof actions)[number]) => translate(`app.data_protection.preview_${action}`);
  const t = (key: string, options?: object) => translate(`app.data_protection.postpone.${key}`, options);

  /** What the rules reach here within 30 days besides, from which day; null when nothing. */
  const upcoming = (line: PreviewLine) =>
    line.upcoming &&
    translate('app.data_protection.upcoming', {
      date: formatDate(line.upcoming.from, locale),
      what: actions
        .filter((action) => line.upcoming![action] > 0)
        .map((action) => `${heading(action)} ${number.format(line.upcoming![action])}`)
        .join(' · '),
    });

  /** Until when, why, and who postponed it when. */
  const postponement = (line: PreviewLine) =>
    line.postponed && (
      <>
        <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 600 }}>
          {t('until_date', { date: formatDate(line.postponed.until, locale) })}
        </Typography>
        <Typography variant="body2" component="span" sx={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {line.postponed.reason}
        </Typography>
        <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
          {t('by', { name: line.postponed.by?.name ?? t('someone'), date: formatDateTime(line.postponed.at, locale) })}
        </Typography>
      </>
    );

  /** "Postpone…", or for a postponed period "Change…" and "Resume"; each names its period to a screen reader. */
  const buttons = (line: PreviewLine) => {
    const period = <Box component="span" sx={visuallyHidden}>{` (${line.period.name})`}</Box>;
    return (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" onClick={() => onPostpone(line)} sx={{ whiteSpace: 'nowrap' }}>
          {line.postponed ? t('change') : t('open')}
          {period}
        </Button>
        {line.postponed && (
          <Button size="small" variant="outlined" onClick={() => onResume(line)} sx={{ whiteSpace: 'nowrap' }}>
            {t('resume')}
            {period}
          </Button>
        )}
      </Stack>
    );
  };

  if (phone)
    return (
      <List dense aria-label={translate('app.data_protection.preview')}>
        {preview.periods.map((line) => (
          <ListItem key={line.period.id} disableGutters divider sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1, pb: 1.5 }}>
            <ListItemText
              primary={line.period.name}
              secondary={[
                `${translate('app.data_protection.preview_end_date')}: ${formatDate(line.period.end_date, locale)}`,
                ...actions.map((action) => `${heading(action)}: ${number.format(line[action])}`),
                ...(line.upcoming ? [upcoming(line)] : []),
              ].join(' · ')}
              sx={{ my: 0 }}
            />
            {line.postponed && (
              <Box>
                <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                  {t('column')}
                </Typography>
                {postponement(line)}
              </Box>
            )}
            {buttons(line)}
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
    <Box sx={{ overflowX: 'auto' }}>
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
            <TableCell>{t('column')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {preview.periods.map((line) => (
            <TableRow key={line.period.id} sx={{ verticalAlign: 'top' }}>
              <TableCell>
                {line.period.name}
                {line.upcoming && (
                  <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
                    {upcoming(line)}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(line.period.end_date, locale)}</TableCell>
              {actions.map((action) => (
                <TableCell key={action} align="right" sx={line.postponed ? { color: 'text.secondary' } : undefined}>
                  {number.format(line[action])}
                </TableCell>
              ))}
              <TableCell sx={{ minWidth: 220, maxWidth: 320 }}>
                <Box sx={{ mb: 1 }}>{postponement(line) ?? translate('app.no')}</Box>
                {buttons(line)}
              </TableCell>
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
            <TableCell />
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
}
