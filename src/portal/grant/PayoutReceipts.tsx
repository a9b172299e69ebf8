import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { RECEIPTS_PER_PAYOUT, receiptsCanBeAdded, receiptsCanBeRemoved } from '../../../resources/payoutReceipts';
import { StoredFileItem } from '../../components/StoredFileItem';
import { useI18n } from '../../components/i18n';
import { ACCEPTED_FILES } from '../../forms/application/acceptedFiles';
import { ApiError } from '../../providers/httpClient';
import { type Grant, type Receipt } from './types';
import { fileUrl, portalApi } from '../portalApi';

type Payout = Grant['payouts'][number];

interface Props {
  applicationUuid: string;
  payout: Payout;
  maxBytes: number;
  /** Receipts chosen with the request, uploaded once it is made. */
  pending: File[];
  onPendingTaken: (payoutId: number) => void;
  onAdded: (payoutId: number, receipt: Receipt) => void;
  onRemoved: (payoutId: number, fileUuid: string) => void;
}

/**
 * A payout's receipts: listed to download; more added (each uploaded at once with its progress) until the payout is
 * approved; removed after a question while it is only requested. A receipt that fails to upload stays listed with
 * the reason, to be tried again: the request itself is made already.
 */
export function PayoutReceipts({ applicationUuid, payout, maxBytes, pending, onPendingTaken, onAdded, onRemoved }: Props) {
  const { t } = useI18n();
  const picker = useRef<HTMLInputElement>(null);
  const taken = useRef(false);
  const [uploading, setUploading] = useState<{ name: string; progress: number } | null>(null);
  const [failed, setFailed] = useState<{ file: File; reason: string }[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
  const hintId = useId();
  const mb = Math.round(maxBytes / 1024 / 1024);
  const addable = receiptsCanBeAdded(payout.status);
  const removable = receiptsCanBeRemoved(payout.status);

  const uploadAll = async (files: File[]) => {
    setProblem(null);
    const stillFailed: { file: File; reason: string }[] = [];
    for (const file of files) {
      const body = new FormData();
      body.append('file', file);
      setUploading({ name: file.name, progress: 0 });
      try {
        const { uuid, name, size } = await portalApi.addReceipt(applicationUuid, payout.id, body, (progress) =>
          setUploading({ name: file.name, progress }),
        );
        onAdded(payout.id, { uuid, name, size });
      } catch (failure) {
        const fieldError = failure instanceof ApiError ? failure.body.errors?.file : undefined;
        stillFailed.push({ file, reason: String(fieldError ?? (failure as Error).message) });
      }
    }
    setUploading(null);
    setFailed(stillFailed);
  };

  useEffect(() => {
    if (taken.current || pending.length === 0) return;
    taken.current = true;
    onPendingTaken(payout.id);
    void uploadAll(pending);
    // Once, for the receipts chosen with the request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending]);

  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const tooLarge = chosen.filter((file) => file.size > maxBytes);
    const room = RECEIPTS_PER_PAYOUT - payout.receipts.length;
    const fitting = chosen.filter((file) => file.size <= maxBytes);
    const reasons = [
      ...tooLarge.map((file) => t('portal.grant.receipts.too_large', { name: file.name, mb })),
      ...(fitting.length > room ? [t('portal.grant.receipts.too_many', { max: RECEIPTS_PER_PAYOUT })] : []),
    ];
    void uploadAll(fitting.slice(0, Math.max(0, room))).then(() => setProblem(reasons.length ? reasons.join(' ') : null));
  };

  const remove = async (receipt: Receipt) => {
    setProblem(null);
    try {
      await portalApi.removeReceipt(applicationUuid, payout.id, receipt.uuid);
      onRemoved(payout.id, receipt.uuid);
    } catch (failure) {
      setProblem(`${receipt.name}: ${(failure as Error).message}`);
    }
  };

  if (!addable && payout.receipts.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h4" id={headingId} sx={{ fontWeight: 'bold' }}>
        {t('portal.grant.receipts.heading')}
      </Typography>
      {payout.receipts.length === 0 && <Typography color="text.secondary">{t('portal.grant.receipts.none')}</Typography>}
      {payout.receipts.length > 0 && (
        <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {payout.receipts.map((receipt) => (
            <StoredFileItem
              key={receipt.uuid}
              name={receipt.name}
              size={receipt.size}
              href={fileUrl(applicationUuid, receipt.uuid)}
              onRemove={removable && uploading === null ? () => void remove(receipt) : undefined}
            />
          ))}
        </Box>
      )}
      {uploading && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" role="status">
            {t('portal.grant.receipts.uploading', { name: uploading.name })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={uploading.progress}
            aria-label={t('portal.grant.receipts.uploading', { name: uploading.name })}
          />
        </Box>
      )}
      {failed.length > 0 && !uploading && (
        <Alert
          severity="error"
          role="alert"
          sx={{ mt: 1 }}
          action={
            addable ? (
              <Button color="inherit" size="small" onClick={() => void uploadAll(failed.map((f) => f.file))}>
                {t('portal.grant.receipts.retry')}
              </Button>
            ) : undefined
          }
        >
          {t('portal.grant.receipts.failed')}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {failed.map(({ file, reason }) => (
              <li key={`${file.name}-${file.size}-${file.lastModified}`}>
                {file.name}: {reason}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {addable && (
        <Box sx={{ mt: 1 }}>
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            onChange={add}
            accept={ACCEPTED_FILES}
            aria-hidden="true"
            tabIndex={-1}
            data-testid={`receipt-input-${payout.id}`}
          />
          <Button
            variant="outlined"
            onClick={() => picker.current?.click()}
            disabled={uploading !== null || payout.receipts.length >= RECEIPTS_PER_PAYOUT}
            aria-describedby={hintId}
          >
            {t('portal.grant.receipts.add')}
          </Button>
          <Typography id={hintId} variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            {t('portal.grant.receipts.hint', { mb, max: RECEIPTS_PER_PAYOUT })}
          </Typography>
        </Box>
      )}
      {problem && (
        <Alert severity="warning" role="alert" sx={{ mt: 1 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}
