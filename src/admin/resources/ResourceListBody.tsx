import { Box } from '@mui/material';
import { DataTable, SimpleList, useTranslate } from 'react-admin';
import type { ResourceDefinition } from '../../../resources/fields';
import { useIsPhone } from '../layout/useIsPhone';
import { fieldColumn, fieldLabel, fieldValue } from './fieldColumns';

/** A generated list's rows: a table with the declared columns, or on a phone a compact list that opens the same edit. */
export function ResourceListBody({ resource }: { resource: ResourceDefinition }) {
  const translate = useTranslate();
  const phone = useIsPhone();
  const columns = resource.fields.filter((f) => f.column);
  if (phone) {
    // The record's name (its label field) first, the other columns under it.
    const first = columns.find((f) => f.name === resource.labelField) ?? columns[0];
    const rest = columns.filter((f) => f !== first);
    return (
      <SimpleList
        rowClick="edit"
        // A long name without spaces (an application type's, say) breaks rather than widening the page.
        sx={{ overflowWrap: 'anywhere' }}
        primaryText={fieldValue(first, { inLink: true })}
        secondaryText={
          <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
            {rest.map((field) => (
              <Box component="span" key={field.name}>
                {translate(fieldLabel(field, resource))}: {fieldValue(field, { inLink: true })}
              </Box>
            ))}
          </Box>
        }
      />
    );
  }
  return (
    <DataTable rowClick="edit" bulkActionButtons={false}>
      {columns.map((field) => fieldColumn(field, resource))}
    </DataTable>
  );
}
