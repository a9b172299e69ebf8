import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useNotify, useTranslate, type HttpError } from 'react-admin';
import { isoDate, length, required, type Message } from '../../../resources/validators';
import { errorBody, type StaffDataProvider } from '../../providers/dataProvider';
import type { RetentionPostponementInput, RetentionPreview } from '../../providers/staffMethods';
import { retentionScope } from './retentionScope';
import { stockholmToday } from '../stockholmToday';

export type PreviewLine = RetentionPreview['periods'][number];

/** A reason is a few words at least, as the server requires. */
export const REASON_MIN = 3;
export const REASON_MAX = 1000;

/** Five years after `day` (YYYY-MM-DD), the furthest a postponement may reach (the server allows a little more). */
const fiveYearsAfter = (day: string) => `${Number(day.slice(0, 4)) + 5}${day.slice(4)}`;

/**
 * Postpones the retention rules for one period until a day, with a reason (both required), or changes an earlier
 * postponement: the server's field errors show beside the fields, and saving reloads the preview.
 */
export function PostponeDialog({ line, onClose }: { line: PreviewLine; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<RetentionPostponementInput>({
    until: line.postponed?.until ?? '',
    reason: line.postponed?.reason ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string[] | string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (postponement: RetentionPostponementInput) => dataProvider.postponeRetention(line.period.id, postponement),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: retentionScope }),
  });
  const t = (key: string, options?: object) => translate(`app.data_protection.postpone.${key}`, options);
  const today = stockholmToday();

  /** The server's checks that can be made here, with its messages: both required, a real date, a reason of a few words. */
  const check = () => {
    const found: Record<string, string> = {};
    const say = (field: keyof RetentionPostponementInput, problem: Message | null) => {
      if (problem) found[field] = translate(problem.key, { ...problem.params, attribute: t(`${field}_attribute`) });
    };
    say('until', required(values.until) ?? isoDate(values.until));
    say('reason', required(values.reason) ?? length(values.reason.trim(), { min: REASON_MIN, max: REASON_MAX }));
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync({ until: values.until, reason: values.reason.trim() });
      notify('app.data_protection.postpone.saved', { type: 'success', messageArgs: { name: line.period.name } });
      onClose();
    } catch (failure) {
      const fields = errorBody(failure as HttpError)?.errors ?? {};
      setErrors(fields);
      // The message says what is wrong in general; shown when no field of the form says it better.
      if (!fields.until && !fields.reason) setMessage((failure as Error).message);
    }
  };
  const errorOf = (name: keyof RetentionPostponementInput) => {
    const error = errors[name];
    return Array.isArray(error) ? error.join(' ') : error;
  };
  const busy = save.isPending;

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="postpone-title">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="postpone-title">{t('title', { name: line.period.name })}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{t('intro')}</Typography>
          <Stack spacing={2.5}>
            <TextField
              id="postpone-until"
              type="date"
              label={t('until')}
              value={values.until}
              onChange={(event) => setValues({ ...values, until: event.target.value })}
              error={!!errorOf('until')}
              helperText={errorOf('until') ?? t('until_help')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today, max: fiveYearsAfter(today) } }}
              required
              fullWidth
              autoFocus
            />
            <TextField
              id="postpone-reason"
              label={t('reason')}
              value={values.reason}
              onChange={(event) => setValues({ ...values, reason: event.target.value })}
              error={!!errorOf('reason')}
              helperText={errorOf('reason') ?? t('reason_help')}
              slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
              multiline
              minRows={3}
              required
              fullWidth
            />
            {message && <Alert severity="error">{message}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
