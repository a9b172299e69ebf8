import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Title, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { mayReach, type Ability } from '../../../resources/abilities';
import { resourceList, screens } from '../../../resources/index';
import { settingsCards } from '../features';
import { resourceIcon } from '../resources/icons';
import { usePageTitle } from '../../components/usePageTitle';

/** The settings landing page: a card for each settings entity, and each other settings screen, the user may manage. */
export function SettingsPage() {
  const translate = useTranslate();
  const { permissions } = usePermissions<Ability[]>();
  const title = translate('app.settings.title');
  usePageTitle(title);
  const [locale] = useLocaleState();
  const name = (resource: string) => translate(`resources.${resource}.name`, { smart_count: 2 });
  const entries = [
    ...resourceList
      .filter((r) => r.settings && mayReach(permissions ?? [], r.ability))
      .map((r) => ({ to: `/${r.name}`, label: name(r.name), Icon: resourceIcon(r.name) })),
    ...settingsCards
      .filter((s) => mayReach(permissions ?? [], screens[s.screen]))
      .map((s) => ({ to: `/${s.screen}`, label: translate(s.label), Icon: s.Icon })),
  ].sort((a, b) => a.label.localeCompare(b.label, locale));
  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <Typography sx={{ mb: 3 }}>{translate('app.settings.intro')}</Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{translate('app.settings.empty')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
          {entries.map(({ to, label, Icon }) => (
            <Card key={to}>
              <CardActionArea component={RouterLink} to={to}>
                <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                  {Icon ? <Icon color="primary" /> : null}
                  <Typography variant="h6" component="h2">
                    {label}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}
