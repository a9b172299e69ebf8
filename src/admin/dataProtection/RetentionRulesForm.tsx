import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { attributeLabel } from '../../../resources/attributeLabel';
import { retentionRuleNames, retentionRules, type RetentionRule, type RetentionRules } from '../../../resources/retention';
import { integer, range, required } from '../../../resources/validators';
import type { RetentionRulesAnswer } from '../../providers/staffMethods';
import { Loaded } from '../LoadFailed';
import { useStaffQuery } from '../useStaffQuery';
import { useSettingsSave } from './useSettingsSave';

export const retentionScope = ['retention'];

/** The retention rules: loads them, then the form (keyed by what was loaded, so it starts from the saved rules). */
export function RetentionRulesSection() {
  const query = useStaffQuery(retentionScope, 'getRetentionRules', []);
  return <Loaded query={query}>{(data) => <RetentionRulesForm key={JSON.stringify(data)} saved={data} />}</Loaded>;
}

function RetentionRulesForm({ saved }: { saved: RetentionRulesAnswer }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [values, setValues] = useState<Record<RetentionRule, string>>(
    () => Object.fromEntries(retentionRuleNames.map((name) => [name, String(saved[name])])) as Record<RetentionRule, string>,
  );
  const {
    submit: save,
    errorOf,
    message,
    saving,
  } = useSettingsSave({
    scope: retentionScope,
    save: (dataProvider, rules: RetentionRules) => dataProvider.saveRetentionRules(rules),
    notice: 'app.data_protection.saved',
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    return save(check(), Object.fromEntries(retentionRuleNames.map((name) => [name, Number(values[name])])) as RetentionRules);
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
          <Button type="submit" variant="contained" disabled={saving}>
            {translate('app.data_protection.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
