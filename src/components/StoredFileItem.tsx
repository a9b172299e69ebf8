import { Box, Button, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { formatFileSize } from '../../resources/format';
import { useI18n } from './i18n';

interface Props {
  name: string;
  size: number;
  /** Where the file downloads. */
  href: string;
  /** Without it the file is only listed to download. */
  onRemove?: () => void;
}

/** One stored file of a list: its name to download, its size, and its removal after a question. */
export function StoredFileItem({ name, size, href, onRemove }: Props) {
  const { t, locale } = useI18n();
  const [asking, setAsking] = useState(false);
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, py: 0.5, minWidth: 0 }}>
      <Link href={href} download={name} sx={{ overflowWrap: 'anywhere' }}>
        {name}
      </Link>
      <Typography variant="body2" color="text.secondary" component="span">
        {formatFileSize(size, locale)}
      </Typography>
      {onRemove &&
        (asking ? (
          <Box role="group" aria-label={t('portal.apply.files.confirm', { name })} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2">{t('portal.apply.files.confirm', { name })}</Typography>
            <Button
              size="small"
              color="error"
              variant="contained"
              onClick={() => {
                setAsking(false);
                onRemove();
              }}
            >
              {t('portal.apply.files.remove')}
            </Button>
            <Button size="small" onClick={() => setAsking(false)}>
              {t('portal.apply.files.keep')}
            </Button>
          </Box>
        ) : (
          <Button size="small" onClick={() => setAsking(true)} aria-label={t('portal.apply.files.remove_named', { name })}>
            {t('portal.apply.files.remove')}
          </Button>
        ))}
    </Box>
  );
}
