import LockIcon from '@mui/icons-material/Lock';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import type { ReactElement } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { StatusPage } from '../../components/StatusPage';
import { usePageTitle } from '../../components/usePageTitle';

function StatusScreen({ code, texts, icon }: { code: string; texts: string; icon: ReactElement }) {
  const translate = useTranslate();
  const title = translate(`${texts}.title`);
  usePageTitle(title);
  return (
    <>
      <Title title={title} />
      {/* The title in the app bar is the page's h1. */}
      <StatusPage
        code={code}
        title={title}
        titleLevel="h2"
        text={translate(`${texts}.text`)}
        icon={icon}
        action={{ label: translate(`${texts}.home`), component: RouterLink, to: '/' }}
      />
    </>
  );
}

export const ForbiddenPage = () => (
  <StatusScreen code="403" texts="app.forbidden" icon={<LockIcon color="disabled" sx={{ fontSize: 64 }} />} />
);
export const NotFoundPage = () => (
  <StatusScreen code="404" texts="app.not_found" icon={<SearchOffIcon color="disabled" sx={{ fontSize: 64 }} />} />
);
