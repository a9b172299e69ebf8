import { createRoot } from 'react-dom/client';
import { createI18nProvider } from '../providers/i18nProvider';
import { AdminApp } from './AdminApp';
import { raMessages } from './raMessages';

const i18nProvider = await createI18nProvider(raMessages);

createRoot(document.getElementById('root')!).render(<AdminApp i18nProvider={i18nProvider} />);
