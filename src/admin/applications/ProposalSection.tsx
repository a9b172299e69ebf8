import { Box, Button, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { MAX_MONEY } from '../../../resources/applications';
import { enums } from '../../../resources/enums';
import { MoneyInput, type MoneyInputProps } from '../../components/MoneyInput';
import { currencyLabel } from '../../../resources/format';

/**
 * The frame a decision and an investigator's proposal share: a heading, the choice and amounts, a save button, and
 * anything shown after them.
 */
export function ProposalSection({
  id,
  title,
  save,
  onSave,
  children,
  after,
}: {
  id: string;
  title: string;
  save: string;
  onSave: () => void;
  children: ReactNode;
  after?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby={`${id}-heading`} sx={{ mb: 3 }}>
      <Typography variant="h6" component="h3" id={`${id}-heading`} gutterBottom>
        {translate(title)}
      </Typography>
      <Stack spacing={2}>
        {children}
        <Box>
          <Button variant="contained" onClick={onSave}>
            {translate(save)}
          </Button>
        </Box>
      </Stack>
      {after}
    </Box>
  );
}

/** An amount of a decision or proposal: whole kronor and öre from 0 up to the form's limit, its problem below it. */
export function AmountInput({ problem, ...props }: Omit<MoneyInputProps, 'locale' | 'translate'> & { problem?: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <MoneyInput
      {...props}
      locale={locale}
      translate={translate}
      min={0}
      max={MAX_MONEY}
      allowNegative={false}
      currencyLabel={currencyLabel(locale)}
      error={!!problem}
      helperText={problem ?? ' '}
    />
  );
}

/** A proposal as an investigator or a reviewer gives it: grant, reject or none, and the amount (öre, null for none). */
export interface ProposalValue {
  status: number;
  amount: number | null;
}

/** The choice of a proposal (grant, reject, no proposal) and its amount, for an investigation and a review alike. */
export function ProposalChoice({
  value,
  onChange,
  problem,
}: {
  value: ProposalValue;
  onChange: (value: ProposalValue) => void;
  /** The amount's problem, as the server named it. */
  problem?: string;
}) {
  const translate = useTranslate();
  return (
    <>
      <RadioGroup
        row
        value={String(value.status)}
        onChange={(event) => onChange({ ...value, status: Number(event.target.value) })}
        aria-label={translate('app.investigation.proposal')}
      >
        {Object.entries(enums.investigation_status).map(([key, code]) => (
          <FormControlLabel key={key} value={String(code)} control={<Radio />} label={translate(`enums.investigation_status.${key}`)} />
        ))}
      </RadioGroup>
      <AmountInput
        label={translate('app.investigation.amount')}
        value={value.amount}
        onChange={(amount) => onChange({ ...value, amount })}
        problem={problem}
      />
    </>
  );
}
