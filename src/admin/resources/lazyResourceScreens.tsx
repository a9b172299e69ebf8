import { lazy, Suspense } from 'react';
import type { ResourceDefinition } from '../../../resources/fields';
import { ScreenLoading } from '../layout/ScreenLoading';

type View = 'list' | 'create' | 'edit';

/**
 * resourceScreens(resource), its code loaded when a settings screen is first opened: the generated lists and forms
 * carry the phone-number rules, the CSV import and the entities' own buttons, none of which the login page needs.
 */
export function lazyResourceScreens(resource: ResourceDefinition) {
  let screens: ReturnType<typeof load> | undefined;
  const load = () => import('./ResourceScreens').then((m) => m.resourceScreens(resource));
  const screen = (view: View) => {
    // The screens are function components, which never read `this`.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const Screen = lazy(async () => ({ default: (await (screens ??= load()))[view] }));
    return function LazyResourceScreen() {
      return (
        <Suspense fallback={<ScreenLoading />}>
          <Screen />
        </Suspense>
      );
    };
  };
  return { list: screen('list'), create: screen('create'), edit: screen('edit') };
}
