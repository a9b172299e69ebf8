import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, Typography } from '@mui/material';
import { formatFileSize } from '../../../resources/format';
import { useI18n } from '../../components/i18n';

/** The files chosen to go with the message, each with a way to take it off again. */
export function ChosenFiles({ files, onRemove, disabled }: { files: File[]; onRemove: (file: File) => void; disabled: boolean }) {
  const { t, locale } = useI18n();
  if (files.length === 0) return null;
  return (
    <Box component="ul" aria-label={t('portal.dialogue.chosen')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {files.map((file) => (
        <Box
          component="li"
          key={`${file.name}/${file.size}/${file.lastModified}`}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
        >
          <AttachFileIcon fontSize="small" color="action" aria-hidden="true" />
          <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>{file.name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {formatFileSize(file.size, locale)}
          </Typography>
          <IconButton
            size="small"
            onClick={() => onRemove(file)}
            disabled={disabled}
            aria-label={t('portal.dialogue.remove_file', { name: file.name })}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}
