import type { ReactElement, ReactNode } from 'react';
import {
  Create,
  CreateButton,
  DeleteButton,
  Edit,
  FormDataConsumer,
  List,
  ListButton,
  NullableBooleanInput,
  Pagination,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  Toolbar,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { PAGE_SIZE, type ResourceDefinition } from '../../../resources/fields';
import { partOf, resourceByName } from '../../../resources/index';
import { applies } from '../../../resources/validate';
import { usePageTitle } from '../../components/usePageTitle';
import { editActions, editSections, listActions } from '../overrides';
import { ExportCsvButton } from './ExportCsvButton';
import { choicesOf, FieldInput } from './fieldInputs';
import { ImportCsvButton } from './ImportCsvButton';
import { ResourceListBody } from './ResourceListBody';
import { SearchFilter } from './SearchFilter';
import { useValidator } from './useValidator';

/** "Kategorier" / "Skapa kategori" / "Redigera kategori" and the same in English, on the page and in the browser tab. */
function useTitle(resource: ResourceDefinition, view: 'list' | 'create' | 'edit') {
  const translate = useTranslate();
  const plural = translate(`resources.${resource.name}.name`, { smart_count: 2 });
  const singular = translate(`resources.${resource.name}.name`, { smart_count: 1 }).toLocaleLowerCase();
  const title = view === 'list' ? plural : translate(`app.resource.${view}_title`, { name: singular });
  usePageTitle(title);
  return title;
}

function filtersOf(resource: ResourceDefinition): ReactElement[] {
  const filters: ReactElement[] = [];
  if (resource.search?.length) filters.push(<SearchFilter key="q" source="q" alwaysOn />);
  for (const field of resource.fields.filter((f) => f.filter)) {
    const label = `resources.${resource.name}.fields.${field.name}`;
    if (field.kind === 'enum' || field.kind === 'choice') {
      filters.push(<SelectInput key={field.name} source={field.name} choices={choicesOf(field)} alwaysOn label={label} />);
    } else if (field.kind === 'boolean') {
      filters.push(<NullableBooleanInput key={field.name} source={field.name} alwaysOn label={label} sx={{ minWidth: 160 }} />);
    } else if (field.kind === 'reference') {
      // Options from the referenced list, e.g. field definitions filtered by application type.
      const target = resourceByName(field.reference)!;
      filters.push(
        <ReferenceInput key={field.name} source={field.name} reference={target.name} sort={target.defaultSort} perPage={100} alwaysOn>
          <SelectInput optionText={target.labelField} label={label} sx={{ minWidth: 200 }} />
        </ReferenceInput>,
      );
    }
  }
  return filters;
}

/** The list's buttons; `extra` is the resource's own (overrides/), if it has any. */
function ListActions({ resource, extra }: { resource: ResourceDefinition; extra?: ReactNode }) {
  return (
    <TopToolbar>
      {extra}
      <CreateButton />
      {resource.exportable !== false && <ExportCsvButton />}
      {resource.importable !== false && <ImportCsvButton />}
    </TopToolbar>
  );
}

function FormBody({ resource, view }: { resource: ResourceDefinition; view: 'create' | 'edit' }) {
  const validate = useValidator(resource);
  const fields = resource.fields.filter((f) => !f.noForm && !(view === 'create' && (f.readOnly || f.editOnly)));
  return (
    // noValidate: the rules are the server's own (useValidator), in the chosen language. The browser's checks would come
    // first, in its own language, and its e-mail check refuses addresses such as 'test.åsa@example.se'.
    <SimpleForm validate={validate} toolbar={<FormToolbar view={view} />} noValidate warnWhenUnsavedChanges sx={{ maxWidth: 720 }}>
      {fields.map((field) =>
        field.showIf ? (
          // Shown only while it applies, e.g. options only for dropdowns, checkboxes and radio buttons.
          <FormDataConsumer key={field.name}>
            {({ formData }) => applies(field, formData) && <FieldInput field={field} resource={resource} />}
          </FormDataConsumer>
        ) : (
          <FieldInput key={field.name} field={field} resource={resource} />
        ),
      )}
    </SimpleForm>
  );
}

function FormToolbar({ view }: { view: 'create' | 'edit' }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {view === 'edit' && <DeleteButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

/** The form's buttons; `extra` is the resource's own edit actions (overrides/), if it has any. */
function BackToList({ extra }: { extra?: ReactNode }) {
  return (
    // A resource's own buttons may be more than a row holds (a period has six): they wrap rather than widen the page.
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {extra}
      <ListButton label="ra.action.back" />
    </TopToolbar>
  );
}

/** The list, create and edit screens generated from one resource declaration. */
export function resourceScreens(resource: ResourceDefinition) {
  // The resource's own buttons, looked up once here rather than in each render.
  const ListExtra = partOf(listActions, resource.name);
  const EditExtra = partOf(editActions, resource.name);
  const EditSection = partOf(editSections, resource.name);
  return {
    list: function ResourceList() {
      const title = useTitle(resource, 'list');
      return (
        <List
          title={title}
          perPage={resource.perPage ?? PAGE_SIZE}
          sort={resource.defaultSort}
          filters={filtersOf(resource)}
          actions={<ListActions resource={resource} extra={ListExtra && <ListExtra />} />}
          pagination={<Pagination rowsPerPageOptions={[resource.perPage ?? PAGE_SIZE]} />}
        >
          <ResourceListBody resource={resource} />
        </List>
      );
    },
    create: function ResourceCreate() {
      const title = useTitle(resource, 'create');
      return (
        <Create title={title} redirect="list" actions={<BackToList />}>
          <FormBody resource={resource} view="create" />
        </Create>
      );
    },
    edit: function ResourceEdit() {
      const title = useTitle(resource, 'edit');
      return (
        <Edit title={title} redirect="list" mutationMode="pessimistic" actions={<BackToList extra={EditExtra && <EditExtra />} />}>
          <FormBody resource={resource} view="edit" />
          {EditSection && <EditSection />}
        </Edit>
      );
    },
  };
}
