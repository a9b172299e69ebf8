import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, LinearProgress, TextField, Typography } from '@mui/material';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useI18n } from '../../components/i18n';
import { visuallyHidden } from '../../components/visuallyHidden';
import { ApiError } from '../../providers/httpClient';
import { ChosenFiles } from './ChosenFiles';
import { MAX_MESSAGE_FILES, MAX_MESSAGE_LENGTH } from '../../../resources/dialogue';
import { ACCEPTED_FILES } from '../../forms/application/acceptedFiles';
import { type DialogueMessage } from './types';
import { useUnsentText } from './useUnsentText';
import { portalApi } from '../portalApi';

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

interface Problems {
  /** Why the message was not sent, above the box. */
  message?: string;
  body?: string;
  files?: string;
}

/**
 * The applicant's message box: the text (kept in this browser until sent) with a character counter, attachments to
 * choose and take off, and Send with its progress. A failed send keeps the text and the files, with the reasons
 * beside the field; a sent message goes to the thread and the box is emptied.
 */
export function MessageComposer({
  applicationUuid,
  maxBytes,
  onSent,
}: {
  applicationUuid: string;
  maxBytes: number;
  onSent: (message: DialogueMessage) => void;
}) {
  const { t, locale } = useI18n();
  const [text, setText, clearText] = useUnsentText(applicationUuid);
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<Problems>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [sent, setSent] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const hintId = useId();
  const sending = progress !== null;
  const length = [...text.trim()].length;
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  const mb = Math.round(maxBytes / 1024 / 1024);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const tooLarge = chosen.filter((file) => file.size > maxBytes);
    let all = [...files];
    for (const file of chosen) if (file.size <= maxBytes && !all.some((f) => sameFile(f, file))) all.push(file);
    const tooMany = all.length > MAX_MESSAGE_FILES;
    all = all.slice(0, MAX_MESSAGE_FILES);
    setFiles(all);
    const reasons = [
      ...tooLarge.map((file) => t('portal.dialogue.file_too_large', { name: file.name, mb })),
      ...(tooMany ? [t('portal.dialogue.too_many_files', { max: MAX_MESSAGE_FILES })] : []),
    ];
    setProblems((shown) => ({ ...shown, files: reasons.length ? reasons.join(' ') : undefined }));
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    const bodyProblem =
      length === 0
        ? t('portal.dialogue.body_required')
        : length > MAX_MESSAGE_LENGTH
          ? t('portal.dialogue.body_too_long', { max: number(MAX_MESSAGE_LENGTH) })
          : undefined;
    if (bodyProblem) {
      setProblems((shown) => ({ ...shown, body: bodyProblem, message: undefined }));
      textarea.current?.focus();
      return;
    }
    setProblems({});
    const form = new FormData();
    form.append('body', text);
    for (const file of files) form.append('files', file);
    setProgress(0);
    try {
      const message = await portalApi.sendMessage(applicationUuid, form, setProgress);
      clearText();
      setFiles([]);
      setSent(true);
      onSent(message);
    } catch (failure) {
      const errors = failure instanceof ApiError ? failure.body.errors : undefined;
      setProblems({
        message: t('portal.dialogue.not_sent', { message: (failure as Error).message }),
        body: errors?.body,
        files: errors?.files,
      });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void send(event)} aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" id={headingId} sx={{ mb: 1 }}>
        {t('portal.dialogue.write')}
      </Typography>
      {problems.message && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {problems.message}
        </Alert>
      )}
      <TextField
        inputRef={textarea}
        label={t('portal.dialogue.body')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setSent(false);
          if (problems.body) setProblems((shown) => ({ ...shown, body: undefined }));
        }}
        multiline
        minRows={4}
        maxRows={16}
        fullWidth
        sx={{ '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
        error={!!problems.body || length > MAX_MESSAGE_LENGTH}
        helperText={
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <span>{problems.body ?? ''}</span>
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {t('portal.dialogue.counter', { count: number(length), max: number(MAX_MESSAGE_LENGTH) })}
            </Box>
          </Box>
        }
        slotProps={{ htmlInput: { readOnly: sending } }}
      />
      <Box sx={{ mt: 2 }}>
        <ChosenFiles files={files} disabled={sending} onRemove={(file) => setFiles(files.filter((f) => !sameFile(f, file)))} />
        <input ref={picker} type="file" multiple hidden onChange={choose} accept={ACCEPTED_FILES} aria-hidden="true" tabIndex={-1} />
        <Button
          variant="outlined"
          onClick={() => picker.current?.click()}
          disabled={sending || files.length >= MAX_MESSAGE_FILES}
          aria-describedby={hintId}
          sx={{ mt: 1 }}
        >
          {t('portal.dialogue.attach')}
        </Button>
        {problems.files && (
          <Typography color="error" variant="body2" role="alert" sx={{ mt: 1 }}>
            {problems.files}
          </Typography>
        )}
        <Typography id={hintId} variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {t('portal.dialogue.files_hint', { mb, max: MAX_MESSAGE_FILES })}
        </Typography>
      </Box>
      <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Button type="submit" variant="contained" size="large" endIcon={<SendIcon />} disabled={sending}>
          {sending ? t('portal.dialogue.sending') : t('portal.dialogue.send')}
        </Button>
        {sending && (
          <LinearProgress
            sx={{ flexGrow: 1, minWidth: 120 }}
            variant={files.length ? 'determinate' : 'indeterminate'}
            value={progress}
            aria-label={t('portal.dialogue.sending')}
          />
        )}
      </Box>
      <Box role="status" sx={visuallyHidden}>
        {sent ? t('portal.dialogue.sent') : ''}
      </Box>
    </Box>
  );
}
