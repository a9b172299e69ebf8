import type { ReactElement } from 'react';
import { Link as RouterLink } from '../router';
import { StatusPage } from '../../components/StatusPage';
import { usePageTitle } from '../../components/usePageTitle';
import { useI18n } from '../../components/i18n';

/** The portal's 403 and 404 pages: texts under portal.<texts>.*. */
export function StatusScreen({ code, texts, icon }: { code: string; texts: string; icon: ReactElement }) {
  const { t } = useI18n();
  usePageTitle(t(`portal.${texts}.title`));
  return (
    <StatusPage
      code={code}
      title={t(`portal.${texts}.title`)}
      text={t(`portal.${texts}.text`)}
      icon={icon}
      action={{ label: t(`portal.${texts}.home`), component: RouterLink, to: '/' }}
    />
  );
}
