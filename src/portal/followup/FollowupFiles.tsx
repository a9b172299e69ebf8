import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useI18n } from '../../components/i18n';
import { StoredFileItem } from '../../components/StoredFileItem';
import { ACCEPTED_FILES } from '../../forms/application/acceptedFiles';
import { inputId } from '../../forms/application/fieldIds';
import { ApiError } from '../../providers/httpClient';
import { type FollowupFile } from './types';
import { fileUrl, portalApi } from '../portalApi';

interface Props {
  applicationUuid: string;
  files: FollowupFile[];
  maxBytes: number;
  onChange: (files: FollowupFile[]) => void;
  /** Sent in: the files are only listed to download. */
  readOnly: boolean;
}

/** The report's attachments: each chosen file uploaded at once with its progress, listed to download, removed after a question. */
export function FollowupFiles({ applicationUuid, files, maxBytes, onChange, readOnly }: Props) {
  const { t } = useI18n();
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<{ name: string; progress: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
  const hintId = useId();
  const mb = Math.round(maxBytes / 1024 / 1024);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    setProblem(null);
    let all = files;
    const reasons: string[] = [];
    for (const file of chosen) {
      // Said at once rather than after uploading the whole file; the server checks again.
      if (file.size > maxBytes) {
        reasons.push(t('portal.followup.file_too_large', { name: file.name, mb }));
        continue;
      }
      const body = new FormData();
      body.append('file', file);
      setUploading({ name: file.name, progress: 0 });
      try {
        const added = await portalApi.addFollowupFile(applicationUuid, body, (progress) => setUploading({ name: file.name, progress }));
        all = [...all, added];
        onChange(all);
      } catch (failure) {
        const fieldError = failure instanceof ApiError ? failure.body.errors?.file : undefined;
        reasons.push(`${file.name}: ${fieldError ?? (failure as Error).message}`);
      } finally {
        setUploading(null);
      }
    }
    if (reasons.length) setProblem(reasons.join(' '));
  };

  const remove = async (file: FollowupFile) => {
    setProblem(null);
    try {
      await portalApi.removeFollowupFile(applicationUuid, file.uuid);
      onChange(files.filter((f) => f.uuid !== file.uuid));
    } catch (failure) {
      setProblem(`${file.name}: ${(failure as Error).message}`);
    }
  };

  return (
    // Focusable by its id, so a problem with the files (from the server's check) links here like a field's.
    <Box component="section" aria-labelledby={headingId} id={inputId('files')} tabIndex={-1}>
      <Typography variant="h6" component="h2" id={headingId}>
        {t('portal.followup.files')}
      </Typography>
      {!readOnly && <Typography sx={{ mb: 1 }}>{t('portal.followup.files_intro')}</Typography>}
      {files.length === 0 && readOnly && <Typography color="text.secondary">{t('portal.followup.no_files')}</Typography>}
      {files.length > 0 && (
        <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {files.map((file) => (
            <StoredFileItem
              key={file.uuid}
              name={file.name}
              size={file.size}
              href={fileUrl(applicationUuid, file.uuid)}
              onRemove={readOnly ? undefined : () => void remove(file)}
            />
          ))}
        </Box>
      )}
      {!readOnly && (
        <Box sx={{ mt: 1 }}>
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            onChange={(event) => void upload(event)}
            accept={ACCEPTED_FILES}
            aria-hidden="true"
            tabIndex={-1}
            data-testid="followup-file-input"
          />
          <Button variant="outlined" onClick={() => picker.current?.click()} disabled={uploading !== null} aria-describedby={hintId}>
            {t('portal.followup.add_files')}
          </Button>
          <Typography id={hintId} variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            {t('portal.apply.files.hint', { mb })}
          </Typography>
        </Box>
      )}
      {uploading && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" role="status">
            {t('portal.followup.uploading', { name: uploading.name })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={uploading.progress}
            aria-label={t('portal.followup.uploading', { name: uploading.name })}
          />
        </Box>
      )}
      {problem && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}
