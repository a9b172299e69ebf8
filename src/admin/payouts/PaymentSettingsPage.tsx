import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Paper,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { attributeLabel } from '../../../resources/attributeLabel';
import { bicProblem, ibanProblem } from '../../../resources/ibanBic';
import { readPayoutAccount } from '../../../resources/payoutAccounts';
import { length, orgNumber, required, type Message } from '../../../resources/validators';
import { usePageTitle } from '../../components/usePageTitle';
import type { PaymentSettings, PaymentSettingsInput } from '../../providers/staffMethods';
import { useSettingsSave } from '../dataProtection/useSettingsSave';
import { Loaded } from '../LoadFailed';
import { useStaffQuery } from '../useStaffQuery';

const scope = ['payment-settings'];
const accounts = ['account_grants', 'account_payable', 'account_bank', 'account_returned'] as const;
type Field = 'name' | 'org_number' | 'bankgiro' | 'iban' | 'bic' | 'bank_customer_number' | (typeof accounts)[number];

/**
 * Settings → Payments: the foundation as the payment file names it (name, organisation number, the account the
 * payments leave from: a bankgiro, or an IBAN with its BIC) and the bookkeeping's four accounts.
 */
export default function PaymentSettingsPage() {
  const translate = useTranslate();
  const title = translate('app.payment_settings.title');
  usePageTitle(title);
  const query = useStaffQuery(scope, 'getPaymentSettings', []);
  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <Typography sx={{ mb: 3, maxWidth: 720 }}>{translate('app.payment_settings.intro')}</Typography>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Loaded query={query}>{(saved) => <PaymentSettingsForm key={JSON.stringify(saved)} saved={saved} />}</Loaded>
      </Paper>
    </Box>
  );
}

function PaymentSettingsForm({ saved }: { saved: PaymentSettings }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [kind, setKind] = useState(saved.account_kind);
  const [firstMonth, setFirstMonth] = useState(saved.financial_year_first_month);
  const [values, setValues] = useState<Record<Field, string>>({
    name: saved.name,
    org_number: saved.org_number,
    bankgiro: saved.bankgiro ?? '',
    iban: saved.iban ?? '',
    bic: saved.bic ?? '',
    bank_customer_number: saved.bank_customer_number ?? '',
    account_grants: saved.account_grants,
    account_payable: saved.account_payable,
    account_bank: saved.account_bank,
    account_returned: saved.account_returned,
  });
  const {
    submit: save,
    errorOf,
    message,
    saving,
  } = useSettingsSave({
    scope,
    save: (dataProvider, settings: PaymentSettingsInput) => dataProvider.savePaymentSettings(settings),
    notice: 'app.payment_settings.saved',
  });

  /** The server's checks, with its messages, so most mistakes show before a save. */
  const check = () => {
    const found: Record<string, string> = {};
    const add = (field: Field, problem: Message | null) => {
      if (problem) found[field] = translate(problem.key, { ...problem.params, attribute: attributeLabel(translate, field) });
    };
    add('name', required(values.name) ?? length(values.name.trim(), { max: 70 }));
    add('org_number', required(values.org_number) ?? orgNumber(values.org_number));
    if (kind === 'bankgiro') add('bankgiro', required(values.bankgiro) ?? readPayoutAccount('bankgiro', values.bankgiro).problem ?? null);
    else {
      add('iban', required(values.iban) ?? ibanProblem(values.iban));
      add('bic', required(values.bic) ?? bicProblem(values.bic));
    }
    for (const name of accounts) if (!/^\d{4}$/.test(values[name].trim())) add(name, { key: 'validation.bookkeeping_account' });
    return found;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    return save(check(), {
      ...values,
      account_kind: kind,
      bankgiro: kind === 'bankgiro' ? values.bankgiro : null,
      iban: kind === 'iban' ? values.iban : null,
      bic: kind === 'iban' ? values.bic : null,
      bank_customer_number: values.bank_customer_number.trim() || null,
      financial_year_first_month: firstMonth,
    });
  };
  const monthName = (month: number) =>
    new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, month - 1, 1));
  const yearError = errorOf('financial_year_first_month');
  const input = (name: Field, extra: { help?: string; numeric?: boolean; optional?: boolean } = {}) => {
    const error = errorOf(name);
    return (
      <TextField
        id={`payment-${name}`}
        label={translate(`app.payment_settings.fields.${name}`)}
        value={values[name]}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        error={!!error}
        helperText={error ?? extra.help ?? ' '}
        slotProps={extra.numeric ? { htmlInput: { inputMode: 'numeric' } } : undefined}
        required={!extra.optional}
        fullWidth
      />
    );
  };
  const when = (date: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Stockholm' }).format(new Date(date));

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate sx={{ maxWidth: 560 }}>
      <Stack spacing={2}>
        <Typography component="h2" variant="h6">
          {translate('app.payment_settings.debtor')}
        </Typography>
        {input('name', { help: translate('app.payment_settings.name_help') })}
        {input('org_number')}
        <FormControl>
          <FormLabel id="payment-account-kind">{translate('app.payment_settings.account_kind')}</FormLabel>
          <RadioGroup
            row
            value={kind}
            onChange={(event) => setKind(event.target.value as typeof kind)}
            aria-labelledby="payment-account-kind"
          >
            <FormControlLabel value="bankgiro" control={<Radio />} label={translate('app.payment_settings.kinds.bankgiro')} />
            <FormControlLabel value="iban" control={<Radio />} label={translate('app.payment_settings.kinds.iban')} />
          </RadioGroup>
        </FormControl>
        {kind === 'bankgiro' ? (
          input('bankgiro', { numeric: true })
        ) : (
          <>
            {input('iban')}
            {input('bic')}
          </>
        )}
        {input('bank_customer_number', { optional: true, help: translate('app.payment_settings.help.bank_customer_number') })}
        <Typography component="h2" variant="h6">
          {translate('app.payment_settings.bookkeeping')}
        </Typography>
        <Typography variant="body2">{translate('app.payment_settings.bookkeeping_intro')}</Typography>
        {accounts.map((name) => (
          <Box key={name}>{input(name, { numeric: true, help: translate(`app.payment_settings.help.${name}`) })}</Box>
        ))}
        <TextField
          select
          id="payment-financial-year"
          label={translate('app.payment_settings.fields.financial_year_first_month')}
          value={firstMonth}
          onChange={(event) => setFirstMonth(Number(event.target.value))}
          error={!!yearError}
          helperText={yearError ?? translate('app.payment_settings.help.financial_year_first_month')}
          fullWidth
        >
          {Array.from({ length: 12 }, (_, index) => index + 1).map((month) => (
            <MenuItem key={month} value={month}>
              {monthName(month)}
            </MenuItem>
          ))}
        </TextField>
        {message && <Alert severity="error">{message}</Alert>}
        <Typography variant="body2" color="text.secondary">
          {saved.updated_by && saved.updated_at
            ? translate('app.payment_settings.changed_by', { name: saved.updated_by.name, date: when(saved.updated_at) })
            : translate('app.payment_settings.never_changed')}
        </Typography>
        <Box>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate('app.payment_settings.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
