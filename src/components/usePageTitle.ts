import { useEffect } from 'react';
import { pageTitle } from '../providers/config';

/** Sets the browser tab's title to "<screen> – <product name>". */
export function usePageTitle(screen: string | null | undefined): void {
  useEffect(() => {
    document.title = pageTitle(screen);
  }, [screen]);
}
