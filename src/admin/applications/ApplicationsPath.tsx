import { useParams, useSearchParams } from 'react-router-dom';
import { NotFoundPage } from '../pages/StatusScreens';
import ApplicationFormPage from './ApplicationFormPage';
import ApplicationList from './ApplicationList';
import { presetsOf } from './presets';

/**
 * applications/{status?}: "add" is the add-application form, a status the list shows presets its filter
 * (as ?status, ?unread and ?followups do), and anything else is not found.
 */
export default function ApplicationsPath() {
  const { status } = useParams();
  const [query] = useSearchParams();
  if (status === 'add') return <ApplicationFormPage />;
  const presets = presetsOf(status, query);
  return presets ? <ApplicationList presets={presets} /> : <NotFoundPage />;
}
