import { Box, Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { MAX_MONEY } from '../../../resources/applications';
import { MoneyInput, type MoneyInputProps } from '../../components/MoneyInput';

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
      currencyLabel="kr"
      error={!!problem}
      helperText={problem ?? ' '}
    />
  );
}
