import { Alert, Box, Button, Typography } from '@mui/material';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { formatFileSize } from '../../../resources/format';
import { RECEIPTS_PER_PAYOUT } from '../../../resources/payoutReceipts';
import { useI18n } from '../../components/i18n';
import { ACCEPTED_FILES } from '../../forms/application/acceptedFiles';

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Receipts chosen to go with a payout request, kept in the browser until it is sent: each too large one is said at
 * once, and no more than a payout takes (`room`) are kept.
 */
export function ReceiptPicker({
  files,
  onChange,
  maxBytes,
  room = RECEIPTS_PER_PAYOUT,
  disabled = false,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  maxBytes: number;
  room?: number;
  disabled?: boolean;
}) {
  const { t, locale } = useI18n();
  const picker = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
  const hintId = useId();
  const mb = Math.round(maxBytes / 1024 / 1024);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const tooLarge = chosen.filter((file) => file.size > maxBytes);
    let all = [...files];
    for (const file of chosen) if (file.size <= maxBytes && !all.some((f) => sameFile(f, file))) all.push(file);
    const tooMany = all.length > room;
    all = all.slice(0, room);
    onChange(all);
    const reasons = [
      ...tooLarge.map((file) => t('portal.grant.receipts.too_large', { name: file.name, mb })),
      ...(tooMany ? [t('portal.grant.receipts.too_many', { max: RECEIPTS_PER_PAYOUT })] : []),
    ];
    setProblem(reasons.length ? reasons.join(' ') : null);
  };

  return (
    <Box>
      {files.length > 0 && (
        <>
          <Typography variant="body2" id={headingId} sx={{ fontWeight: 'bold' }}>
            {t('portal.grant.receipts.chosen')}
          </Typography>
          <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {files.map((file) => (
              <Box
                component="li"
                key={`${file.name}-${file.size}-${file.lastModified}`}
                sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, py: 0.5, minWidth: 0 }}
              >
                <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Typography>
                <Typography variant="body2" color="text.secondary" component="span">
                  {formatFileSize(file.size, locale)}
                </Typography>
                <Button
                  size="small"
                  disabled={disabled}
                  onClick={() => onChange(files.filter((f) => f !== file))}
                  aria-label={t('portal.grant.receipts.unchoose', { name: file.name })}
                >
                  {t('portal.apply.files.remove')}
                </Button>
              </Box>
            ))}
          </Box>
        </>
      )}
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        onChange={choose}
        accept={ACCEPTED_FILES}
        aria-hidden="true"
        tabIndex={-1}
        data-testid="receipt-input"
      />
      <Button
        variant="outlined"
        onClick={() => picker.current?.click()}
        disabled={disabled || files.length >= room}
        aria-describedby={hintId}
        sx={{ mt: 1 }}
      >
        {t('portal.grant.receipts.choose')}
      </Button>
      <Typography id={hintId} variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        {t('portal.grant.receipts.hint', { mb, max: RECEIPTS_PER_PAYOUT })}
      </Typography>
      {problem && (
        <Alert severity="warning" role="alert" sx={{ mt: 1 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}
