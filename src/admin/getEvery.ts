import type { DataProvider, RaRecord, SortPayload } from 'react-admin';

/** The largest page the API allows. */
const PER_PAGE = 100;

/** Every record of a resource, in the order asked, fetched page by page (for screens that show them all at once). */
export async function getEvery<T extends RaRecord>(dataProvider: DataProvider, resource: string, sort: SortPayload): Promise<T[]> {
  const records: T[] = [];
  for (let page = 1; ; page++) {
    const { data, total = 0 } = await dataProvider.getList<T>(resource, { pagination: { page, perPage: PER_PAGE }, sort, filter: {} });
    records.push(...data);
    if (data.length === 0 || page * PER_PAGE >= total) return records;
  }
}
