import { Box, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import {
  Form,
  FormDataConsumer,
  ResourceContextProvider,
  SaveButton,
  useDataProvider,
  useLocaleState,
  useNotify,
  useTranslate,
  type HttpError,
} from 'react-admin';
import type { Field } from '../../../resources/fields';
import { formatDateTime } from '../../../resources/format';
import { singletonByName, type SingletonName } from '../../../resources/index';
import { applies } from '../../../resources/validate';
import { errorBody, type StaffDataProvider } from '../../providers/dataProvider';
import { Loaded } from '../LoadFailed';
import { useSingleton } from '../useStaffQuery';
import { FieldInput } from './fieldInputs';
import { useValidator } from './useValidator';

/** Who changed a row last and when, as the API answers it. */
interface Changed {
  updated_at: string | null;
  updated_by: { id: number; name: string } | null;
}

/**
 * The one form of every settings singleton (resources/singletons.ts): its declared fields with the same checks as
 * the server's, each problem of a save beside its field, who changed it last, and a save button named for it.
 * `children` follow the button (the privacy notice's link to the page applicants read).
 */
export function SingletonForm({ name, children }: { name: SingletonName; children?: ReactNode }) {
  const query = useSingleton(name);
  return (
    <Loaded query={query}>
      {(saved) => (
        <SingletonEditor key={JSON.stringify(saved)} name={name} saved={saved}>
          {children}
        </SingletonEditor>
      )}
    </Loaded>
  );
}

function SingletonEditor({ name, saved, children }: { name: SingletonName; saved: Record<string, unknown>; children?: ReactNode }) {
  const singleton = singletonByName(name);
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const validate = useValidator(singleton);
  const keyed = singleton.keyed;
  // A keyed singleton's form holds each key's value; a plain one's its fields.
  const record = Object.fromEntries(
    singleton.fields.map(({ name: field }) => [field, keyed ? (saved[field] as Record<string, unknown>)[keyed.valueColumn] : saved[field]]),
  );
  const rows = (keyed ? singleton.fields.map(({ name: field }) => saved[field]) : [saved]) as Changed[];
  // Who changed it last: of a keyed one, the latest of its rows.
  const last = rows.filter((row) => row.updated_at && row.updated_by).sort((a, b) => b.updated_at!.localeCompare(a.updated_at!))[0];
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) => dataProvider.saveSingleton(name, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [name] }),
  });

  const submit = async (values: Record<string, unknown>) => {
    // A keyed one sends the keys changed alone, so that who changed each stays true of the others.
    const body = keyed
      ? Object.fromEntries(singleton.fields.filter((f) => values[f.name] !== record[f.name]).map((f) => [f.name, values[f.name]]))
      : Object.fromEntries(singleton.fields.map((f) => [f.name, values[f.name] ?? null]));
    try {
      await save.mutateAsync(body);
      notify(`resources.${name}.saved`, { type: 'success' });
    } catch (failure) {
      const errors = errorBody(failure as HttpError)?.errors ?? {};
      if (!Object.keys(errors).length) notify((failure as Error).message, { type: 'error' });
      return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, [messages].flat().join(' ')]));
    }
  };

  const input = (field: Field) => <FieldInput field={field} resource={singleton} />;
  return (
    <ResourceContextProvider value={name}>
      <Form record={record} onSubmit={submit} validate={validate} noValidate warnWhenUnsavedChanges>
        <Stack spacing={1} sx={{ maxWidth: keyed ? 880 : 560 }}>
          {singleton.fields.map((field) => (
            <Fragment key={field.name}>
              {field.section && <Section name={name} section={field.section} />}
              {field.showIf ? (
                <FormDataConsumer>{({ formData }) => applies(field, formData) && input(field)}</FormDataConsumer>
              ) : (
                input(field)
              )}
            </Fragment>
          ))}
          <Typography variant="body2" color="text.secondary">
            {last
              ? translate('app.singletons.changed_by', { name: last.updated_by!.name, date: formatDateTime(last.updated_at, locale) })
              : translate(`resources.${name}.never_changed`)}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, pt: 1 }}>
            <SaveButton label={`resources.${name}.save`} />
            {children}
          </Stack>
        </Stack>
      </Form>
    </ResourceContextProvider>
  );
}

/** A section's title, and its intro where the texts have one. */
function Section({ name, section }: { name: SingletonName; section: string }) {
  const translate = useTranslate();
  const intro = translate(`resources.${name}.sections.${section}_intro`, { _: '' });
  return (
    <Box sx={{ pt: 1 }}>
      <Typography component="h2" variant="h6">
        {translate(`resources.${name}.sections.${section}`)}
      </Typography>
      {intro && <Typography variant="body2">{intro}</Typography>}
    </Box>
  );
}
