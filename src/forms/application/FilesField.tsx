import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { API_PREFIX } from '../../providers/config';
import { ApiError } from '../../providers/httpClient';
import { useI18n } from '../../components/i18n';
import { StoredFileItem } from '../../components/StoredFileItem';
import { ACCEPTED_FILES } from './acceptedFiles';
import { useForm } from './FormContext';
import type { StoredFile } from './types';

interface Props {
  applicationUuid: string;
  /** The media question the files answer; null for the attachments of step 5. */
  questionId: number | null;
  label: string;
  /** The label's language where it is not the page's (a question staff have not translated). */
  labelLang?: string;
  id: string;
  files: StoredFile[];
  maxBytes: number;
  onChange: (files: StoredFile[]) => void;
  problem?: string;
  readOnly?: boolean;
  required?: boolean;
}

/** Files of the application: upload with progress, download, and removal (after a question) while it is a draft. */
export function FilesField({
  applicationUuid,
  questionId,
  label,
  labelLang,
  id,
  files,
  maxBytes,
  onChange,
  problem,
  readOnly,
  required,
}: Props) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const helperId = useId();
  const own = files.filter((f) => f.field_definition_id === questionId);
  const api = useForm().files;
  const base = api.base(applicationUuid);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    setError(null);
    let all = files;
    const mb = Math.round(maxBytes / 1024 / 1024);
    for (const file of chosen) {
      // Said at once rather than after uploading the whole file; the server checks again.
      if (file.size > maxBytes) {
        setError(`${file.name}: ${t('errors.file_too_large', { mb })}`);
        continue;
      }
      const body = new FormData();
      if (questionId !== null) body.append('field_definition_id', String(questionId));
      body.append('file', file);
      setProgress(0);
      try {
        const response = await api.http.post<{ data: StoredFile }>(base, body, {
          onUploadProgress: (e) => setProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
        });
        all = [...all, response.data.data];
        onChange(all);
      } catch (failure) {
        const fieldError = failure instanceof ApiError ? failure.body.errors?.file : undefined;
        setError(`${file.name}: ${fieldError ?? (failure as Error).message}`);
      } finally {
        setProgress(null);
      }
    }
  };

  const remove = async (file: StoredFile) => {
    try {
      await api.http.delete(`${base}/${file.uuid}`);
      onChange(files.filter((f) => f.uuid !== file.uuid));
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <Box component="fieldset" id={id} tabIndex={-1} aria-describedby={helperId} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ mb: 1, color: problem ? 'error.main' : 'text.secondary' }}>
        <span lang={labelLang}>{label}</span>
        {required ? ' *' : ''}
      </Typography>
      {own.length > 0 && (
        <Box component="ul" aria-label={t('portal.apply.files.list', { label })} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {own.map((file) => (
            <StoredFileItem
              key={file.uuid}
              name={file.name}
              size={file.size}
              href={`${API_PREFIX}${base}/${file.uuid}`}
              onRemove={readOnly ? undefined : () => void remove(file)}
            />
          ))}
        </Box>
      )}
      {!readOnly && (
        <>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            onChange={(event) => void upload(event)}
            accept={ACCEPTED_FILES}
            aria-hidden="true"
            tabIndex={-1}
          />
          <Button
            variant="outlined"
            onClick={() => input.current?.click()}
            disabled={progress !== null}
            aria-label={t('portal.apply.files.add_to', { label })}
          >
            {t('portal.apply.files.add')}
          </Button>
        </>
      )}
      {progress !== null && (
        <LinearProgress variant="determinate" value={progress} sx={{ mt: 1 }} aria-label={t('portal.apply.files.uploading')} />
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Typography id={helperId} variant="caption" color={problem ? 'error' : 'text.secondary'} sx={{ display: 'block', mt: 0.5 }}>
        {problem ?? t('portal.apply.files.hint', { mb: Math.round(maxBytes / 1024 / 1024) })}
      </Typography>
    </Box>
  );
}
