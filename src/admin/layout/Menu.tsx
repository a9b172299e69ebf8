import { Menu as RaMenu, usePermissions, useTranslate } from 'react-admin';
import { mayReach, type Ability } from '../../../resources/abilities';
import { resourceList } from '../../../resources/index';
import { allowedMenuEntries } from '../features';

/**
 * The side menu: the dashboard for everyone; screens and settings entities only for users whose abilities permit them,
 * generally or for some of their entities (the server then lists those alone).
 */
export function Menu() {
  const translate = useTranslate();
  const { permissions } = usePermissions<Ability[]>();
  const allowed = allowedMenuEntries(permissions ?? []);
  return (
    <RaMenu>
      <RaMenu.DashboardItem primaryText={translate('app.menu.dashboard')} />
      {allowed.map((entry) => (
        <RaMenu.Item key={entry.to} to={entry.to} primaryText={translate(entry.label)} leftIcon={entry.icon} />
      ))}
      {resourceList
        .filter((resource) => mayReach(permissions ?? [], resource.ability))
        .map((resource) => (
          <RaMenu.ResourceItem key={resource.name} name={resource.name} />
        ))}
    </RaMenu>
  );
}
