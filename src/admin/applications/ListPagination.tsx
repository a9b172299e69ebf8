import FirstPage from '@mui/icons-material/FirstPage';
import LastPage from '@mui/icons-material/LastPage';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import { IconButton, TablePagination, Toolbar } from '@mui/material';
import type { ReactNode } from 'react';
import { Pagination, useListContext, useLocaleState, useTranslate } from 'react-admin';
import { countFromEnd, pageFromEnd } from '../../providers/pageFromEnd';
import { useIsPhone } from '../layout/useIsPhone';

const rowsPerPageOptions = [5, 10, 25, 50];

/**
 * The pagination of a list the server may count only up to a cap (a search matching many): past it the dataProvider
 * gives no total but `meta.moreThan`, and the range says "more than 10 000" instead of a count. The buttons then go
 * to the first page, the one before, the one after and the last, which the server finds counting from the end.
 */
export function ListPagination() {
  const list = useListContext();
  const { page, perPage, setPerPage, data, isPending } = list;
  const meta: unknown = list.meta;
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const phone = useIsPhone();
  const moreThan = (meta as { moreThan?: number } | undefined)?.moreThan;
  if (moreThan === undefined) return <Pagination />;
  if (isPending) return <Toolbar variant="dense" />;
  const n = (value: number) => value.toLocaleString(locale);
  const shown = data?.length ?? 0;
  const fromEnd = countFromEnd(page);
  // Rows counted from the start, or on the k-th page from the end, from the end.
  const before = ((fromEnd ?? page) - 1) * perPage;
  const range =
    fromEnd === undefined
      ? translate('app.applications.range_more_than', { from: n(before + 1), to: n(before + shown), total: n(moreThan) })
      : fromEnd === 1
        ? translate('app.applications.range_last', { count: n(shown), total: n(moreThan) })
        : translate('app.applications.range_from_end', { from: n(before + 1), to: n(before + shown), total: n(moreThan) });
  return (
    <TablePagination
      component="div"
      // The range and the buttons are this component's: MUI's table pagination lays them out, with the rows per page.
      count={-1}
      page={0}
      onPageChange={() => {}}
      rowsPerPage={perPage}
      rowsPerPageOptions={phone ? [] : rowsPerPageOptions}
      onRowsPerPageChange={(event) => setPerPage(Number(event.target.value))}
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={() => range}
      ActionsComponent={MoreThanActions}
      // On a phone the range and the four buttons wrap rather than run off the screen.
      sx={{
        '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', columnGap: 2.5, pl: 1 },
        '& .MuiTablePagination-spacer': { display: 'none' },
        '& .MuiTablePagination-actions': { ml: 0, whiteSpace: 'nowrap' },
      }}
    />
  );
}

/** First, previous, next and last: previous from the last page (-1) is -2, next from -2 is -1. */
function MoreThanActions({ className }: { className?: string }) {
  const { page, setPage, hasNextPage, hasPreviousPage } = useListContext();
  const translate = useTranslate();
  const fromEnd = countFromEnd(page);
  // Where the page's own number says (page 1, page -1), not the answer, which lags while the next page loads.
  const atStart = fromEnd === undefined ? page === 1 : !hasPreviousPage;
  const atEnd = fromEnd === undefined ? !hasNextPage : fromEnd === 1;
  const button = (label: string, icon: ReactNode, to: number, disabled: boolean) => (
    <IconButton aria-label={translate(label)} title={translate(label)} disabled={disabled} onClick={() => setPage(to)}>
      {icon}
    </IconButton>
  );
  return (
    <div className={className}>
      {button('ra.navigation.first', <FirstPage />, 1, atStart)}
      {button('ra.navigation.previous', <NavigateBefore />, fromEnd === undefined ? page - 1 : pageFromEnd(fromEnd + 1), atStart)}
      {button('ra.navigation.next', <NavigateNext />, fromEnd === undefined ? page + 1 : pageFromEnd(fromEnd - 1), atEnd)}
      {button('ra.navigation.last', <LastPage />, pageFromEnd(1), atEnd)}
    </div>
  );
}
