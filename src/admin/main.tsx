import { createRoot } from 'react-dom/client';
import { createI18nProvider } from '../providers/i18nProvider';
import { AdminApp } from './AdminApp';

// react-admin's own messages: ours in Swedish (no package exists), the English package for en-US.
const i18nProvider = await createI18nProvider({
  'sv-SE': async () => (await import('../../locales/ra-language-swedish')).default,
  'en-US': async () => (await import('ra-language-english')).default,
});

createRoot(document.getElementById('root')!).render(<AdminApp i18nProvider={i18nProvider} />);
