import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate, type HttpError } from 'react-admin';
import { attributeLabel } from '../../../resources/attributeLabel';
import { retentionRuleNames, retentionRules, type RetentionRule, type RetentionRules } from '../../../resources/retention';
import { integer, range, required } from '../../../resources/validators';
import { errorBody, type StaffDataProvider } from '../../providers/dataProvider';
import type { RetentionRulesAnswer } from '../../providers/staffMethods';
import { useStaffQuery } from '../useStaffQuery';

export const retentionScope = ['retention'];

/** The retention rules: loads them, then the form (keyed by what was loaded, so it starts from the saved rules). */
export function RetentionRulesSection() {
  const translate = useTranslate();
  const { data, error } = useStaffQuery(retentionScope, 'getRetentionRules', []);
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!data) return <CircularProgress aria-label={translate('ra.page.loading')} />;
  return <RetentionRulesForm key={JSON.stringify(data)} saved={data} />;
}

function RetentionRulesForm({ saved }: { saved: RetentionRulesAnswer }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<RetentionRule, string>>(
    () => Object.fromEntries(retentionRuleNames.map((name) => [name, String(saved[name])])) as Record<RetentionRule, string>,
  );
  const [errors, setErrors] = useState<Record<string, string[] | string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (rules: RetentionRules) => dataProvider.saveRetentionRules(rules),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: retentionScope }),
  });
  const label = (name: RetentionRule) => translate(`attributes.${name}`);

  /** The same checks as the server's, with its messages: required, a whole number, within the rule's range. */
  const check = () => {
    const found: Record<string, string> = {};
    for (const name of retentionRuleNames) {
      const { min, max } = retentionRules[name];
      const problem = required(values[name]) ?? integer(values[name]) ?? range(values[name], { min, max });
      if (problem) found[name] = translate(problem.key, { ...problem.params, attribute: attributeLabel(translate, name) });
    }
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync(Object.fromEntries(retentionRuleNames.map((name) => [name, Number(values[name])])) as RetentionRules);
      notify('app.data_protection.saved', { type: 'success' });
    } catch (failure) {
      setErrors(errorBody(failure as HttpError)?.errors ?? {});
      setMessage((failure as Error).message);
    }
  };

  const errorOf = (name: string) => {
    const error = errors[name];
    return Array.isArray(error) ? error.join(' ') : error;
  };
  const when = (date: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Stockholm' }).format(new Date(date));

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate sx={{ maxWidth: 560 }}>
      <Stack spacing={2.5}>
        {retentionRuleNames.map((name) => {
          const { min, max } = retentionRules[name];
          const error = errorOf(name);
          return (
            <TextField
              key={name}
              id={`retention-${name}`}
              label={label(name)}
              value={values[name]}
              onChange={(event) => setValues({ ...values, [name]: event.target.value })}
              error={!!error}
              helperText={
                error ?? `${translate(`app.data_protection.${name}_help`)} ${translate('app.data_protection.range', { min, max })}`
              }
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
              required
              fullWidth
            />
          );
        })}
        {message && <Alert severity="error">{message}</Alert>}
        <Typography variant="body2" color="text.secondary">
          {saved.updated_by && saved.updated_at
            ? translate('app.data_protection.changed_by', { name: saved.updated_by.name, date: when(saved.updated_at) })
            : translate('app.data_protection.defaults')}
        </Typography>
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {translate('app.data_protection.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
