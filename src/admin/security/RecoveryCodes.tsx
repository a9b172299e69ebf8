import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Checkbox, CircularProgress, FormControlLabel, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate } from '../../../resources/format';
import { productName } from '../../providers/config';
import { saveFile } from '../downloadFile';

/**
 * Recovery codes, shown this once: in a monospace list, to copy or download as a text file, and a box to tick that
 * they are saved before `onDone` (Continue, Done) can be pressed.
 */
export function RecoveryCodes({
  codes,
  doneLabel,
  onDone,
  busy = false,
}: {
  codes: string[];
  doneLabel: string;
  onDone: () => void;
  busy?: boolean;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const t = (key: string, options?: object) => translate(`app.second_factor.${key}`, options);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      // No clipboard here (an insecure page, a refused permission): the list is there to select, and the download.
    }
  };
  const download = () => {
    const heading = t('file_heading', { product: productName(), date: formatDate(new Date().toISOString(), locale) });
    const text = [heading, '', ...codes, ''].join('\r\n');
    saveFile({ file: new Blob([text], { type: 'text/plain;charset=utf-8' }), name: t('file_name') }, 'recovery-codes.txt');
  };

  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t('codes_intro')}</Alert>
      <Box
        component="ul"
        aria-label={t('codes_title')}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 2,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
          gap: 1,
          fontFamily: 'monospace',
          fontSize: '1.1rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t('copy')}
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
          {t('download')}
        </Button>
        <Typography role="status" variant="body2" color="text.secondary">
          {copied ? t('copied') : ''}
        </Typography>
      </Stack>
      <FormControlLabel
        control={<Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} required />}
        label={t('saved')}
      />
      <Button
        variant="contained"
        size="large"
        disabled={!saved || busy}
        onClick={onDone}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}
      >
        {doneLabel}
      </Button>
    </Stack>
  );
}
