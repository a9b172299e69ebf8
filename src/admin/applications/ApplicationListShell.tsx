import type { ReactElement, ReactNode } from 'react';
import { DataTable, List, ReferenceInput, SelectArrayInput, SelectInput, SimpleList, type ListProps, type SortPayload } from 'react-admin';
import { PAGE_SIZE } from '../../../resources/fields';
import { usePageTitle } from '../../components/usePageTitle';
import { useIsPhone } from '../layout/useIsPhone';
import { useApplicantName } from './applicantName';
import { ListPagination } from './ListPagination';
import { ShownApplicationDialog } from './ShownApplicationDialog';
import { useShownApplication } from './useShownApplication';
import type { JsonOf } from '../../../server/routes/schemas';
import type { applicationRow } from '../../../server/routes/schemas/applicationLists';

/** An application as the lists of all applications and of a period's decisioning get it. */
export type ApplicationRow = JsonOf<typeof applicationRow>;
/** What the shell reads of a row, which every list's row has (the own investigations' too). */
type ShellRow = Pick<ApplicationRow, 'id' | 'uuid' | 'reference' | 'applicant'>;

/** The status filter, always shown, offering these choices. */
export const statusFilter = (choices: { id: number; name: string }[], minWidth: number) => (
  <SelectArrayInput key="status" source="status" label="app.applications.fields.status" choices={choices} alwaysOn sx={{ minWidth }} />
);

/** The period filter, always shown, the latest period first. */
export const periodFilter = (minWidth: number) => (
  <ReferenceInput key="period" source="period" reference="periods" sort={{ field: 'start_date', order: 'DESC' }} perPage={100} alwaysOn>
    <SelectInput optionText="name" label="app.applications.fields.period" sx={{ minWidth }} />
  </ReferenceInput>
);

interface ApplicationListShellProps<Row extends ShellRow> extends Pick<ListProps, 'queryOptions' | 'storeKey'> {
  resource: string;
  /** The page's heading and the browser tab's title. */
  title: string;
  sort: SortPayload;
  filters?: ReactElement[];
  /** The toolbar over the list; none when not given. */
  actions?: ReactElement;
  /** A row opens the application in the dialog, as managers or investigators see it; without, rows open nothing. */
  opens?: 'manage' | 'investigate';
  /** On a phone, under the reference and the applicant. */
  secondaryText: (row: Row) => ReactNode;
  tertiaryText: (row: Row) => ReactNode;
  hiddenColumns?: string[];
  /** The table's columns on a screen. */
  children: ReactNode;
}

/**
 * What the staff application lists share: 50 a page, with the pagination that copes with a capped count; a compact
 * list on a phone (reference and applicant first) and a table on a screen; a row opening the application in the
 * dialog the address names; and no empty page of its own, so the filters stay when nothing matches.
 */
export function ApplicationListShell<Row extends ShellRow>({
  title,
  opens,
  secondaryText,
  tertiaryText,
  hiddenColumns,
  actions,
  children,
  ...list
}: ApplicationListShellProps<Row>) {
  usePageTitle(title);
  const phone = useIsPhone();
  const applicantName = useApplicantName();
  const { show } = useShownApplication();
  const openRow = opens && ((_id: unknown, _resource: unknown, record: unknown) => (show(record as Row), false as const));

  return (
    <>
      <List {...list} title={title} perPage={PAGE_SIZE} pagination={<ListPagination />} actions={actions ?? false} empty={false}>
        {phone ? (
          <SimpleList<Row>
            primaryText={(r) => `${r.reference ?? ''} ${applicantName(r.applicant)}`}
            secondaryText={secondaryText}
            tertiaryText={tertiaryText}
            rowClick={openRow}
          />
        ) : (
          <DataTable<Row> rowClick={openRow || false} bulkActionButtons={false} hiddenColumns={hiddenColumns}>
            {children}
          </DataTable>
        )}
      </List>
      {opens && <ShownApplicationDialog mode={opens} />}
    </>
  );
}
