import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../resources/format';
import { locales, type Locale } from '../../../resources/locales';
import { length, required } from '../../../resources/validators';
import { visuallyHidden } from '../../components/visuallyHidden';
import type { PrivacyNotices } from '../../providers/staffMethods';
import { Loaded } from '../LoadFailed';
import { useStaffQuery } from '../useStaffQuery';
import { useSettingsSave } from './useSettingsSave';

export const privacyNoticeScope = ['privacy-notices'];

/** The longest text the server takes per language. */
const NOTICE_MAX = 20_000;

/** The privacy notice: loads its texts, then the form (keyed by what was loaded, so it starts from the saved texts). */
export function PrivacyNoticeSection() {
  const query = useStaffQuery(privacyNoticeScope, 'getPrivacyNotices', []);
  return <Loaded query={query}>{(data) => <PrivacyNoticeForm key={JSON.stringify(data)} saved={data} />}</Loaded>;
}

/** The Swedish and English texts, with the placeholders of the rules explained, who changed them last, and a link to the page. */
function PrivacyNoticeForm({ saved }: { saved: PrivacyNotices }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [texts, setTexts] = useState<Record<Locale, string>>(
    () => Object.fromEntries(locales.map((l) => [l, saved[l]?.body ?? ''])) as Record<Locale, string>,
  );
  const {
    submit: save,
    errorOf,
    message,
    saving,
  } = useSettingsSave({
    scope: privacyNoticeScope,
    save: (dataProvider, changed: Partial<Record<Locale, string>>) => dataProvider.savePrivacyNotices(changed),
    notice: 'app.data_protection.notice.saved',
    fieldsFirst: locales,
  });
  const t = (key: string, options?: object) => translate(`app.data_protection.notice.${key}`, options);
  const label = (l: Locale) => t(`text_${l}`);
  // Only the languages changed are sent, so "changed by" stays true of the other.
  const changed = locales.filter((l) => texts[l] !== (saved[l]?.body ?? ''));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const l of locales) {
      const problem = required(texts[l]) ?? length(texts[l], { max: NOTICE_MAX });
      if (problem) found[l] = translate(problem.key, { ...problem.params, attribute: t(`attribute_${l}`) });
    }
    return save(found, changed.length ? Object.fromEntries(changed.map((l) => [l, texts[l]])) : null);
  };

  // Who changed a text last, of the two.
  const last = locales
    .map((l) => saved[l])
    .filter((n) => n?.updated_at && n.updated_by)
    .sort((a, b) => b.updated_at!.localeCompare(a.updated_at!))[0];

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate sx={{ maxWidth: 880 }}>
      <Stack spacing={2.5}>
        {locales.map((l) => {
          const error = errorOf(l);
          return (
            <TextField
              key={l}
              id={`privacy-notice-${l}`}
              label={label(l)}
              value={texts[l]}
              onChange={(event) => setTexts({ ...texts, [l]: event.target.value })}
              error={!!error}
              helperText={error ?? t('help')}
              slotProps={{ htmlInput: { maxLength: NOTICE_MAX, lang: l } }}
              multiline
              minRows={6}
              maxRows={18}
              required
              fullWidth
            />
          );
        })}
        {message && <Alert severity="error">{message}</Alert>}
        <Typography variant="body2" color="text.secondary">
          {last ? t('changed_by', { name: last.updated_by!.name, date: formatDateTime(last.updated_at, locale) }) : t('never_changed')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
          <Button type="submit" variant="contained" disabled={saving || !changed.length}>
            {t('save')}
          </Button>
          <Link href="/integritet" target="_blank" rel="noopener" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            {t('open_page')}
            <OpenInNewIcon fontSize="small" aria-hidden />
            <Box component="span" sx={visuallyHidden}>{` (${t('new_tab')})`}</Box>
          </Link>
        </Stack>
      </Stack>
    </Box>
  );
}
