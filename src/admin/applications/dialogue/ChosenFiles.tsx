import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import HistoryEdu from '@mui/icons-material/HistoryEdu';
import { Box, Button, Chip, FormHelperText, IconButton, Stack, Typography } from '@mui/material';
import { useRef, type ChangeEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatFileSize } from '../../../../resources/format';
import { ACCEPTED_FILES } from '../../../forms/application/acceptedFiles';

/** A file chosen for the next message; `agreement` when picked as the agreement. */
export interface ChosenFile {
  file: File;
  agreement: boolean;
}

/**
 * The pickers of a message's attachments and of the agreement, and what has been chosen, each removable. Nothing is
 * uploaded here: the files go with the message.
 */
export function ChosenFiles({
  chosen,
  onChange,
  disabled,
  error,
}: {
  chosen: ChosenFile[];
  onChange: (chosen: ChosenFile[]) => void;
  disabled: boolean;
  error?: string;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const files = useRef<HTMLInputElement>(null);
  const agreements = useRef<HTMLInputElement>(null);

  const add = (agreement: boolean) => (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])].map((file) => ({ file, agreement }));
    // Emptied so that the same file can be picked again after being removed.
    event.target.value = '';
    onChange([...chosen, ...picked]);
  };
  const picker = (name: string, ref: React.RefObject<HTMLInputElement | null>, agreement: boolean) => (
    <input
      ref={ref}
      name={name}
      type="file"
      multiple
      hidden
      accept={ACCEPTED_FILES}
      onChange={add(agreement)}
      aria-hidden="true"
      tabIndex={-1}
    />
  );

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" startIcon={<AttachFile />} onClick={() => files.current?.click()} disabled={disabled}>
          {translate('app.dialogue.attach_files')}
        </Button>
        <Button variant="outlined" startIcon={<HistoryEdu />} onClick={() => agreements.current?.click()} disabled={disabled}>
          {translate('app.dialogue.attach_agreement')}
        </Button>
      </Stack>
      {picker('files', files, false)}
      {picker('agreements', agreements, true)}
      {chosen.length > 0 && (
        <Box component="ul" aria-label={translate('app.dialogue.chosen_files')} sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}>
          {chosen.map(({ file, agreement }, index) => (
            <Box component="li" key={index} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{file.name}</Typography>
              <Typography variant="body2" color="text.secondary" component="span">
                {formatFileSize(file.size, locale)}
              </Typography>
              {agreement && <Chip size="small" color="secondary" label={translate('app.dialogue.agreement_chip')} />}
              <IconButton
                size="small"
                onClick={() => onChange(chosen.filter((_, i) => i !== index))}
                disabled={disabled}
                aria-label={translate('app.dialogue.remove_file', { name: file.name })}
              >
                <Close fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
