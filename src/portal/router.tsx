import {
  Children,
  createContext,
  isValidElement,
  useContext,
  useDeferredValue,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { Link as WouterLink, Redirect, Route as WouterRoute, Router, Switch, useParams as useWouterParams } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  navigate as browserNavigate,
  useBrowserLocation,
  useHistoryState,
  useLocationProperty,
  useSearch,
} from 'wouter/use-browser-location';

/*
 * The portal's routing: wouter (about 2 kB gzipped) behind the part of React Router's API the portal uses, so that its
 * pages read as with React Router. React Router's BrowserRouter brings its data router and framework code along, which
 * does not tree-shake: 13 kB gzipped, a tenth of the portal's first download. The admin keeps React Router, which
 * react-admin runs on. wouter matches paths ignoring case and a trailing slash (regexparam's patterns); what it lacks
 * is bridged here: routes without a path around child routes (<Outlet>), `state` in useLocation, navigation in a
 * transition, and a link to the address shown replacing its entry.
 */

export interface Location {
  pathname: string;
  /** The query, with its '?' (or ''). */
  search: string;
  hash: string;
  /** What the navigation that led here handed over (`navigate(to, { state })`). */
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

const Shown = createContext<{ location: Location; navigate: NavigateFunction } | null>(null);
const OutletContext = createContext<ReactNode>(null);

function useShown() {
  const shown = useContext(Shown);
  if (!shown) throw new Error('The portal’s routing is used outside its router.');
  return shown;
}

// wouter's location hooks, over the location shown rather than the address itself (see ShownRouter).
const useShownPath = (): [string, NavigateFunction] => {
  const { location, navigate } = useShown();
  return [location.pathname, navigate];
};
const useShownSearch = () => useShown().location.search;

/**
 * Shows `location` deferred, as React Router shows a navigation in a transition: the page shown stays until the next
 * one's code is loaded, rather than giving way to the loading bar.
 */
function ShownRouter({ location, navigate, children }: { location: Location; navigate: NavigateFunction; children: ReactNode }) {
  const shown = useDeferredValue(location);
  const value = useMemo(() => ({ location: shown, navigate }), [shown, navigate]);
  return (
    <Shown.Provider value={value}>
      <Router hook={useShownPath} searchHook={useShownSearch}>
        {children}
      </Router>
    </Shown.Provider>
  );
}

const currentHash = () => window.location.hash;

/** The portal's router, over the browser's address and history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [pathname] = useBrowserLocation();
  const search = useSearch();
  const hash = useLocationProperty(currentHash);
  const state: unknown = useHistoryState();
  const location = useMemo(() => ({ pathname, search, hash, state: state ?? null }), [pathname, search, hash, state]);
  return (
    <ShownRouter location={location} navigate={browserNavigate}>
      {children}
    </ShownRouter>
  );
}

/** A router over addresses in memory, at the last of `initialEntries`: what the portal's tests render in. */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  const [memory] = useState(() => memoryLocation({ path: initialEntries[initialEntries.length - 1] }));
  const [pathname] = memory.hook();
  const query = memory.searchHook();
  const location = useMemo(
    () => ({ pathname, search: query && `?${query}`, hash: '', state: memory.state ?? null }),
    [memory, pathname, query],
  );
  // Each navigation sets the state, as the browser's history does; memoryLocation would keep the last one given.
  const [navigate] = useState(
    () =>
      (to: string, { replace, state = null }: NavigateOptions = {}) =>
        memory.navigate(to, { replace, state }),
  );
  return (
    <ShownRouter location={location} navigate={navigate}>
      {children}
    </ShownRouter>
  );
}

export const useLocation = (): Location => useShown().location;
export const useNavigate = (): NavigateFunction => useShown().navigate;
/** The `:name` parts of the matched route's path, decoded. */
export const useParams = (): Readonly<Record<string, string | undefined>> => useWouterParams();

/** The address's query, in a list as React Router's hook gives it: `const [params] = useSearchParams()`. */
export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

interface RouteProps {
  path?: string;
  element?: ReactNode;
  children?: ReactNode;
}

/** One route of <Routes>: a path and what it shows, or, without a path, an element around its child routes. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

/** Where the element of a route without a path shows the matched child route. */
export function Outlet() {
  return useContext(OutletContext);
}

/** Each route with a path, with the elements it shows, outermost first: those of the routes around it, then its own. */
function flatten(routes: ReactNode, around: ReactNode[] = []): { path: string; elements: ReactNode[] }[] {
  return Children.toArray(routes).flatMap((route) => {
    if (!isValidElement<RouteProps>(route)) return [];
    const { path, element = null, children } = route.props;
    return path === undefined ? flatten(children, [...around, element]) : [{ path, elements: [...around, element] }];
  });
}

/**
 * The element of the first of its <Route>s whose path matches the address: `:name` takes one segment, `*` the rest.
 * The first match wins, so a `*` route goes last.
 */
export function Routes({ children }: { children: ReactNode }) {
  // Unkeyed, as <Switch> renders only the one that matches: a layout stays mounted from one of its routes to another.
  return (
    <Switch>
      {flatten(children).map(({ path, elements }) => (
        <WouterRoute path={path}>
          {elements.reduceRight<ReactNode>(
            (outlet, element) => (
              <OutletContext.Provider value={outlet}>{element ?? outlet}</OutletContext.Provider>
            ),
            null,
          )}
        </WouterRoute>
      ))}
    </Switch>
  );
}

/** Goes to `to` once rendered. */
export const Navigate: (props: { to: string } & NavigateOptions) => null = Redirect;

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & NavigateOptions & { to: string; ref?: Ref<HTMLAnchorElement> };

/**
 * A link within the portal: a plain click goes there without loading the page (to the address shown, it replaces the
 * entry rather than adding one); a click with a modifier key or the middle button is the browser's.
 */
export function Link({ to, replace, state, ...rest }: LinkProps) {
  const { pathname, search, hash } = useLocation();
  return <WouterLink {...rest} to={to} replace={replace ?? to === pathname + search + hash} state={state} />;
}
