import { createRoot } from 'react-dom/client';
import { PortalApp } from './PortalApp';
import { portalI18n } from './portalI18n';

// Not a top-level await: a module that awaits at its top level keeps the build from merging the small chunks the
// pages share into the ones that load them anyway.
void portalI18n.then((i18nProvider) => createRoot(document.getElementById('root')!).render(<PortalApp i18nProvider={i18nProvider} />));
