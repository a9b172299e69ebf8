import { Alert, Box, Button, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { formatMoney } from '../../../resources/format';
import { TextInput } from '../../components/TextInput';
import { useI18n } from '../../components/i18n';
import { ApiError } from '../../providers/httpClient';
import { ReceiptPicker } from './ReceiptPicker';
import { fieldErrors, type Grant } from './types';
import { useSessionDraft } from './useSessionDraft';
import { portalApi } from '../portalApi';

const kinds = ['bankgiro', 'plusgiro', 'bank'] as const;

/**
 * Asking for one due instalment: the kind of account (a bankgiro and a plusgiro number can look alike, so it is always
 * chosen), a bank account's clearing number, and the account number; the server checks the number by its kind's
 * rules and its message shows beside the field. Receipts may be chosen with it: they are uploaded once the request is
 * made (the grant page shows their progress), so a failed upload never undoes the request.
 */
export function PayoutForm({
  grant,
  instalment,
  onRequested,
}: {
  grant: Grant;
  instalment: Grant['instalments'][number];
  onRequested: (grant: Grant, receipts: File[]) => void;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const [values, setValues, clear] = useSessionDraft(`grant-payout-${grant.uuid}-${instalment.id}`, {
    account_type: 'bankgiro',
    clearing_number: '',
    account_number: '',
  });
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // Files cannot be kept in the session's storage: they stay here until the request is sent.
  const [receipts, setReceipts] = useState<File[]>([]);
  const bank = values.account_type === 'bank';

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setErrors({});
    setFailure(null);
    try {
      const data = {
        instalment_id: instalment.id,
        account_type: values.account_type,
        account_number: values.account_number,
        ...(bank && { clearing_number: values.clearing_number }),
      };
      const asked = await portalApi.askPayout(grant.uuid, data);
      clear();
      onRequested(asked, receipts);
    } catch (error) {
      const fields = error instanceof ApiError ? fieldErrors(error.body) : {};
      setErrors(fields);
      if (!fields.account_number && !fields.clearing_number) setFailure((error as Error).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void send(event)}
      aria-label={t('portal.grant.payout.form', { amount: formatMoney(instalment.amount, locale) })}
    >
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        <FormControl>
          <FormLabel id={`${id}-kind`}>{t('portal.grant.payout.kind')}</FormLabel>
          <RadioGroup
            aria-labelledby={`${id}-kind`}
            name={`${id}-kind`}
            row
            value={values.account_type}
            onChange={(event) => setValues({ ...values, account_type: event.target.value })}
          >
            {kinds.map((kind) => (
              <FormControlLabel key={kind} value={kind} control={<Radio />} label={t(`portal.grant.payout.kinds.${kind}`)} />
            ))}
          </RadioGroup>
        </FormControl>
        {bank && (
          <TextInput
            label={t('portal.grant.payout.clearing')}
            required
            value={values.clearing_number}
            onChange={(event) => setValues({ ...values, clearing_number: event.target.value })}
            error={Boolean(errors.clearing_number)}
            helperText={errors.clearing_number ?? t('portal.grant.payout.clearing_help')}
            inputProps={{ inputMode: 'numeric', maxLength: 20 }}
          />
        )}
        <TextInput
          label={t(`portal.grant.payout.number.${values.account_type}`)}
          required
          value={values.account_number}
          onChange={(event) => setValues({ ...values, account_number: event.target.value })}
          error={Boolean(errors.account_number)}
          helperText={errors.account_number ?? t(`portal.grant.payout.number_help.${values.account_type}`)}
          inputProps={{ inputMode: 'numeric', maxLength: 40 }}
        />
        <ReceiptPicker files={receipts} onChange={setReceipts} maxBytes={grant.upload_max_bytes} disabled={sending} />
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={sending} sx={{ mt: 2 }}>
        {t('portal.grant.payout.submit', { amount: formatMoney(instalment.amount, locale) })}
      </Button>
    </Box>
  );
}
