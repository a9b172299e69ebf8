import { Pagination, useListContext, useLocaleState, useTranslate, type PaginationProps } from 'react-admin';

/**
 * The pagination of a list the server may count only up to a cap (a search matching many): past it the dataProvider
 * gives no total but `meta.moreThan`, and the range says "more than 10 000" instead of a count.
 */
export function ListPagination() {
  const meta: unknown = useListContext().meta;
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const moreThan = (meta as { moreThan?: number } | undefined)?.moreThan;
  if (moreThan === undefined) return <Pagination />;
  // Pagination passes the props it does not know on to MUI's TablePagination, whose label this one is; its type
  // does not list them.
  const label = {
    labelDisplayedRows: ({ from, to }: { from: number; to: number }) =>
      translate('app.applications.range_more_than', {
        from: from.toLocaleString(locale),
        to: to.toLocaleString(locale),
        total: moreThan.toLocaleString(locale),
      }),
  } as PaginationProps;
  return <Pagination {...label} />;
}
