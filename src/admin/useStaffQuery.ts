import {
  useMutation,
  useQuery,
  useQueryClient,
  type Query,
  type QueryClient,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useNotify } from 'react-admin';
import type { StaffDataProvider } from '../providers/dataProvider';
import type { SingletonAnswer, StaffMethods } from '../providers/staffMethods';
import type { SingletonName } from '../../resources/index';

type Answer<M extends keyof StaffMethods> = Awaited<ReturnType<StaffMethods[M]>>;

/**
 * Reads through one of the dataProvider's staff methods with react-query, as react-admin's own hooks do. The key
 * begins with `scope` (e.g. ['application', uuid]) so a change can invalidate all it affects; the locale is part of
 * it because answers are translated. Read when shown and after a change, not on every return to the window; a
 * failure shows at once (no retries): the screens offer their own retry.
 */
export function useStaffQuery<M extends keyof StaffMethods>(
  scope: unknown[],
  method: M,
  args: Parameters<StaffMethods[M]>,
  options: Partial<UseQueryOptions<Answer<M>, Error>> = {},
) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [locale] = useLocaleState();
  return useQuery<Answer<M>, Error>({
    queryKey: [...scope, method, ...args, locale],
    queryFn: () => (dataProvider[method] as (...a: unknown[]) => Promise<Answer<M>>)(...args),
    retry: false,
    refetchOnWindowFocus: false,
    ...options,
  });
}

/** A settings singleton (resources/singletons.ts) under its name's key, typed as its answer. */
export function useSingleton<N extends SingletonName>(name: N) {
  return useStaffQuery([name], 'getSingleton', [name]) as UseQueryResult<SingletonAnswer<N>, Error>;
}

/** The lists of applications (react-admin's keys are [resource, 'getList', ...]), which a change to one may alter. */
const applicationLists = ['applications', 'decision', 'decisioning', 'investigations'];
const isApplicationList = (query: Query) => query.queryKey[1] === 'getList' && applicationLists.includes(query.queryKey[0] as string);

/** After a change to many applications at once (a period's decision mails): every read of one, and the lists. */
export function invalidateApplications(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['application'] }),
    queryClient.invalidateQueries({ predicate: isApplicationList }),
  ]);
}

/** What a change reads again on success: the queries whose keys begin so, and those a predicate picks. */
type Reloads = (readonly unknown[] | ((query: Query) => boolean))[];

/**
 * A change through one of the dataProvider's staff methods; on success every read it may alter (`reloads`) is read
 * again, not awaited: the change is done, and its message need not wait for the reloads. The one shape of the admin's
 * changes (an application's, a meeting's, payouts').
 */
export function useStaffChange<V, R>(
  change: (dataProvider: StaffDataProvider, value: V) => Promise<R>,
  reloads: Reloads,
  messages: { done?: string; failed?: boolean } = {},
) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (value: V) => change(dataProvider, value),
    onSuccess: () => {
      if (messages.done) notify(messages.done, { type: 'success' });
      for (const reload of reloads)
        void queryClient.invalidateQueries(typeof reload === 'function' ? { predicate: reload } : { queryKey: reload });
    },
    ...(messages.failed && { onError: (error: Error) => notify(error.message, { type: 'error' }) }),
  });
}

/**
 * A change to one application through the dataProvider; on success everything read about it (record, history,
 * decision, investigations) and the lists of applications are read again.
 */
export function useApplicationMutation<V, R>(uuid: string, change: (dataProvider: StaffDataProvider, value: V) => Promise<R>) {
  return useStaffChange(change, [applicationScope(uuid), isApplicationList]);
}

/** The first part of the key of every query about one application. */
export const applicationScope = (uuid: string) => ['application', uuid];

/** Reads one thing about an application (getDecision, getHistory...) under the application's key. */
export function useApplicationQuery<
  M extends
    | 'getApplication'
    | 'getHistory'
    | 'getDecision'
    | 'getInvestigators'
    | 'getInvestigations'
    | 'getMessages'
    | 'getFollowup'
    | 'getReviews',
>(method: M, uuid: string, options: Partial<UseQueryOptions<Answer<M>, Error>> = {}) {
  return useStaffQuery(applicationScope(uuid), method, [uuid] as Parameters<StaffMethods[M]>, options);
}
