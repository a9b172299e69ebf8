import { Alert, Button, LinearProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useParams, useSearchParams } from '../router';
import { enums } from '../../../resources/enums';
import { usePageTitle } from '../../components/usePageTitle';
import { ApiError } from '../../providers/httpClient';
import { ApplicationEditor } from '../apply/ApplicationEditor';
import type { ApplicationForm } from '../../forms/application/types';
import { useI18n } from '../../components/i18n';
import { EligibilityCheck } from '../apply/EligibilityCheck';
import { portalApi, type EligibilityCheck as Check } from '../portalApi';

/** Who applies, when /ansok was opened with ?applicant_type= (a code of the applicant_type enumeration). */
/** Which request a load failure belongs to: an error shows only while the address still asks for the same. */
const requestOf = (id: string | undefined, uuid: string | null, type: string | null) => `${id ?? ''}/${uuid ?? ''}/${type ?? ''}`;

function applicantType(value: string | null) {
  const code = Number(value);
  return (Object.values(enums.applicant_type) as number[]).includes(code) ? { applicant_type: code } : {};
}

/**
 * /ansok/:id, the application form for a period: ?application=<uuid> continues a draft; ?type=<application type>
 * starts one (or continues the applicant's draft of that period and type), then the address names the draft, so a
 * reload or a bookmark returns to it. A type with an eligibility check asks its questions first, and the server starts
 * the draft once they are passed.
 */
export default function ApplyPage() {
  const { t } = useI18n();
  usePageTitle(t('portal.apply.title'));
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const uuid = params.get('application');
  const type = params.get('type');
  const [form, setForm] = useState<ApplicationForm | null>(null);
  const [check, setCheck] = useState<{ request: string; questions: Check } | null>(null);
  const [failure, setFailure] = useState<{ request: string; error: ApiError | Error } | null>(null);
  const error = failure?.request === requestOf(id, uuid, type) ? failure.error : null;

  useEffect(() => {
    // Naming the new draft in the address changes nothing that needs loading again.
    if (uuid && form?.uuid === uuid) return;
    let live = true;
    const start = () =>
      portalApi.newApplication({
        period_id: Number(id),
        application_type_id: Number(type),
        ...applicantType(params.get('applicant_type')),
      });
    // A new draft of a type with an eligibility check waits for its questions to be passed.
    const load: Promise<{ form: ApplicationForm } | { check: Check }> = uuid
      ? portalApi.application(uuid).then((form) => ({ form }))
      : portalApi.eligibilityCheck(Number(type)).then(async (check) => (check.questions.length ? { check } : { form: await start() }));
    load
      .then((answer) => {
        if (!live) return;
        if ('check' in answer) return setCheck({ request: requestOf(id, uuid, type), questions: answer.check });
        const loaded = answer.form;
        setForm(loaded);
        if (!uuid) void navigate(`/ansok/${loaded.period_id}?application=${loaded.uuid}`, { replace: true });
      })
      .catch((error: Error) => live && setFailure({ request: requestOf(id, uuid, type), error }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- form only skips reloading the draft just named in the address; applicant_type only matters when creating
  }, [id, uuid, type, navigate]);

  if (!uuid && !type) return <Navigate to={`/ansok?period=${id}`} replace />;
  if (error) {
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 404) return <Navigate to="/finns-inte" replace />;
    return (
      <Alert
        severity="error"
        action={
          <Button component={RouterLink} to="/ansok">
            {t('portal.apply.to_periods')}
          </Button>
        }
      >
        {error.message}
      </Alert>
    );
  }
  if (!uuid && check?.request === requestOf(id, uuid, type))
    return (
      <EligibilityCheck
        check={check.questions}
        periodId={Number(id)}
        applicantType={applicantType(params.get('applicant_type')).applicant_type}
        onQualified={(started) => {
          setForm(started);
          void navigate(`/ansok/${started.period_id}?application=${started.uuid}`, { replace: true });
        }}
      />
    );
  if (!form || form.uuid !== (uuid ?? form.uuid)) return <LinearProgress aria-label={t('portal.loading')} />;
  return <ApplicationEditor key={form.uuid} initial={form} />;
}
