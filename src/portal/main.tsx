import { createRoot } from 'react-dom/client';
import { createI18nProvider } from '../providers/i18nProvider';
import { PortalApp } from './PortalApp';

const i18nProvider = await createI18nProvider();
createRoot(document.getElementById('root')!).render(<PortalApp i18nProvider={i18nProvider} />);
