import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Title, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { mayReach, type Ability } from '../../../resources/abilities';
import { resourceList } from '../../../resources/index';
import { resourceIcon } from '../resources/icons';
import { usePageTitle } from '../../components/usePageTitle';

/** The settings landing page: a card for each settings entity the user may manage. */
export function SettingsPage() {
  const translate = useTranslate();
  const { permissions } = usePermissions<Ability[]>();
  const title = translate('app.settings.title');
  usePageTitle(title);
  const [locale] = useLocaleState();
  const name = (resource: string) => translate(`resources.${resource}.name`, { smart_count: 2 });
  const entries = resourceList
    .filter((r) => r.settings && mayReach(permissions ?? [], r.ability))
    .sort((a, b) => name(a.name).localeCompare(name(b.name), locale));
  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <Typography sx={{ mb: 3 }}>{translate('app.settings.intro')}</Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{translate('app.settings.empty')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
          {entries.map((resource) => (
            <Card key={resource.name}>
              <CardActionArea component={RouterLink} to={`/${resource.name}`}>
                <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                  {(() => {
                    const Icon = resourceIcon(resource.name);
                    return Icon ? <Icon color="primary" /> : null;
                  })()}
                  <Typography variant="h6" component="h2">
                    {name(resource.name)}
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
