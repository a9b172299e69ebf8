import Send from '@mui/icons-material/Send';
import { Alert, Box, Button, Checkbox, FormControlLabel, FormHelperText, LinearProgress, Stack, TextField } from '@mui/material';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { HttpError, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { MAX_MESSAGE_LENGTH } from '../../../../resources/dialogue';
import { errorBody } from '../../../providers/dataProvider';
import type { NewMessage } from '../../../providers/staffMethods';
import { useApplicationMutation } from '../../useStaffQuery';
import { ChosenFiles, type ChosenFile } from './ChosenFiles';
import { useUnsavedChanges } from '../../unsaved/unsavedChanges';

/** The fields the composer shows a server's error beside; any other error is shown above the Send button. */
const placed = ['body', 'is_welcome_message', 'files', 'agreements'];

/**
 * Writes to the applicant: the text, attachments, the agreement, and once per application the welcome message. What
 * is typed and chosen stays until the message has been stored, so a refused or failed send loses nothing.
 */
export function MessageComposer({ uuid, hasWelcome }: { uuid: string; hasWelcome: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const welcomeHelp = useId();
  const [body, setBody] = useState('');
  const [welcome, setWelcome] = useState(false);
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const send = useApplicationMutation(uuid, (dataProvider, message: NewMessage) =>
    dataProvider.sendMessage(
      uuid,
      message,
      message.files.length + message.agreements.length
        ? (event) => setProgress(event.total ? Math.round((event.loaded / event.total) * 100) : 0)
        : undefined,
    ),
  );
  const sending = send.isPending;
  useUnsavedChanges(body.trim() !== '' || chosen.length > 0);
  const tooLong = body.trim().length > MAX_MESSAGE_LENGTH;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setFailure(null);
    // Said at once; the server checks the same.
    if (!body.trim() || tooLong) {
      setErrors({
        body: translate(tooLong ? 'app.dialogue.too_long' : 'app.dialogue.required', { max: MAX_MESSAGE_LENGTH.toLocaleString(locale) }),
      });
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync({
        body,
        is_welcome_message: welcome && !hasWelcome,
        files: chosen.filter((f) => !f.agreement).map((f) => f.file),
        agreements: chosen.filter((f) => f.agreement).map((f) => f.file),
      });
      setBody('');
      setWelcome(false);
      setChosen([]);
      notify('app.dialogue.sent', { type: 'success' });
    } catch (error) {
      const fields = (error instanceof HttpError ? errorBody(error)?.errors : undefined) ?? {};
      setErrors(fields);
      // An error of no field shown here is said above the button, in its own words when it has them.
      const unplaced = Object.keys(fields).filter((field) => !placed.includes(field));
      if (unplaced.length) setFailure(unplaced.map((field) => fields[field]).join(' '));
      else if (!Object.keys(fields).length) setFailure((error as Error).message);
    } finally {
      setProgress(null);
    }
  };
  // Ctrl+Enter (⌘+Enter) sends, as in most mail programs.
  const sendOnCtrlEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !sending) void submit();
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={translate('app.dialogue.compose')}>
      <Stack spacing={2}>
        <TextField
          label={translate('app.dialogue.body')}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={sendOnCtrlEnter}
          multiline
          minRows={3}
          maxRows={12}
          fullWidth
          required
          // Read-only rather than disabled while sending, so the focus stays in the box.
          slotProps={{ htmlInput: { readOnly: sending } }}
          error={!!errors.body || tooLong}
          helperText={
            errors.body ??
            translate('app.dialogue.counter', {
              count: body.trim().length.toLocaleString(locale),
              max: MAX_MESSAGE_LENGTH.toLocaleString(locale),
            })
          }
        />
        <ChosenFiles chosen={chosen} onChange={setChosen} disabled={sending} error={errors.files ?? errors.agreements} />
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={welcome && !hasWelcome}
                onChange={(event) => setWelcome(event.target.checked)}
                disabled={hasWelcome || sending}
                slotProps={{ input: { 'aria-describedby': hasWelcome || errors.is_welcome_message ? welcomeHelp : undefined } }}
              />
            }
            label={translate('app.dialogue.send_as_welcome')}
          />
          {(hasWelcome || errors.is_welcome_message) && (
            <FormHelperText id={welcomeHelp} error={!!errors.is_welcome_message} sx={{ mt: 0 }}>
              {errors.is_welcome_message ?? translate('app.dialogue.welcome_sent')}
            </FormHelperText>
          )}
        </Box>
        {failure && (
          <Alert severity="error" onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        {sending && (
          <LinearProgress
            variant={progress === null ? 'indeterminate' : 'determinate'}
            value={progress ?? undefined}
            aria-label={translate('app.dialogue.sending')}
          />
        )}
        <Box>
          <Button type="submit" variant="contained" startIcon={<Send />} loading={sending} loadingPosition="start">
            {translate(sending ? 'app.dialogue.sending' : 'app.dialogue.send')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
