import { createRoot } from 'react-dom/client';
import { createI18nProviderOf } from '../providers/i18nCore';
import { portalMessages } from './messages';
import { PortalApp } from './PortalApp';

const i18nProvider = await createI18nProviderOf(portalMessages);
createRoot(document.getElementById('root')!).render(<PortalApp i18nProvider={i18nProvider} />);
