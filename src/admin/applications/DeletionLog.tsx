import { Box, Card, CardContent, Typography } from '@mui/material';
import { DataTable, List, ReferenceInput, SelectInput, SimpleList, useLocaleState, useTranslate } from 'react-admin';
import { PAGE_SIZE } from '../../../resources/fields';
import { formatDateTime } from '../../../resources/format';
import { usePageTitle } from '../../components/usePageTitle';
import type { ApplicationDeletion } from '../../providers/staffMethods';
import { useIsPhone } from '../layout/useIsPhone';
import { SearchFilter } from '../resources/SearchFilter';
import { useStatusLabel } from './statuses';

/** What the log says when nothing has been deleted (a search or filter that finds nothing says so in the table). */
function NoDeletions() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography>{translate('app.deletion_log.empty')}</Typography>
      </CardContent>
    </Card>
  );
}

/**
 * applications/deletions: who deleted which application and when, with its period, its status then and what went
 * with it, newest first, 50 a page; sorted by the time or the reference, searched in the references, filtered by
 * period. Read only: the log cannot be changed.
 */
export default function DeletionLog() {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const title = translate('app.deletion_log.title');
  usePageTitle(title);
  const phone = useIsPhone();
  const statusLabel = useStatusLabel();
  const deletedAt = (r: ApplicationDeletion) => formatDateTime(r.deleted_at, locale);
  const yesNo = (value: boolean) => translate(value ? 'app.yes' : 'app.no');
  const contents = (r: ApplicationDeletion) =>
    [
      translate('app.deletion_log.files_count', { smart_count: r.files }),
      translate('app.deletion_log.messages_count', { smart_count: r.messages }),
      translate(r.followup ? 'app.deletion_log.with_followup' : 'app.deletion_log.without_followup'),
    ].join(' · ');
  const filters = [
    <SearchFilter key="q" source="q" alwaysOn />,
    <ReferenceInput key="period" source="period" reference="periods" sort={{ field: 'start_date', order: 'DESC' }} perPage={100} alwaysOn>
      <SelectInput optionText="name" label="app.applications.fields.period" sx={{ minWidth: 220 }} />
    </ReferenceInput>,
  ];
  return (
    <Box>
      <Typography sx={{ mt: 2 }}>{translate('app.deletion_log.intro')}</Typography>
      <List
        resource="application-deletions"
        title={title}
        filters={filters}
        sort={{ field: 'deleted_at', order: 'DESC' }}
        perPage={PAGE_SIZE}
        actions={false}
        empty={<NoDeletions />}
      >
        {phone ? (
          <SimpleList<ApplicationDeletion>
            primaryText={(r) => `${r.reference ?? ''} · ${statusLabel(r.status)}`}
            secondaryText={(r) => (
              <>
                {deletedAt(r)} · {translate('app.deletion_log.by', { name: r.deleted_by.name })}
                <br />
                {r.period.name}
                <br />
                {contents(r)}
              </>
            )}
            rowClick={false}
          />
        ) : (
          <DataTable<ApplicationDeletion> rowClick={false} bulkActionButtons={false}>
            <DataTable.Col<ApplicationDeletion> source="deleted_at" label="app.deletion_log.fields.deleted_at" render={deletedAt} />
            <DataTable.Col source="reference" label="app.applications.fields.reference" />
            <DataTable.Col<ApplicationDeletion>
              source="period"
              label="app.applications.fields.period"
              disableSort
              render={(r) => r.period.name}
            />
            <DataTable.Col<ApplicationDeletion>
              source="status"
              label="app.deletion_log.fields.status"
              disableSort
              render={(r) => statusLabel(r.status)}
            />
            <DataTable.Col source="files" label="app.deletion_log.fields.files" disableSort align="right" />
            <DataTable.Col source="messages" label="app.deletion_log.fields.messages" disableSort align="right" />
            <DataTable.Col<ApplicationDeletion>
              source="followup"
              label="app.deletion_log.fields.followup"
              disableSort
              render={(r) => yesNo(r.followup)}
            />
            <DataTable.Col<ApplicationDeletion>
              source="deleted_by"
              label="app.deletion_log.fields.deleted_by"
              disableSort
              render={(r) => r.deleted_by.name}
            />
          </DataTable>
        )}
      </List>
    </Box>
  );
}
