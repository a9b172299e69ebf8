import type { Locale } from '../../../resources/locales';
import type { RetentionRules } from '../../../resources/retention';
import type { ErasureDone, ErasurePreview } from '../erasure';
import type { HttpClient } from '../httpClient';
import type {
  PrivacyNotices,
  RetentionPostponementInput,
  RetentionPreview,
  RetentionRulesAnswer,
  RetentionRun,
  Unwrap,
} from '../staffMethods';

/**
 * Data protection: the retention rules and their runs, the privacy notices, an applicant's erasure.
 */
export function dataProtectionMethods(http: HttpClient, unwrap: Unwrap) {
  return {
    getRetentionRules: () => unwrap<RetentionRulesAnswer>(http.get('/retention')),
    getRetentionPreview: () => unwrap<RetentionPreview>(http.get('/retention/preview')),
    saveRetentionRules: (rules: RetentionRules) => unwrap<RetentionRulesAnswer>(http.put('/retention', { data: rules })),
    /** Postpones the rules for a period (replacing an earlier postponement of it); answers the preview. */
    postponeRetention: (periodId: number, postponement: RetentionPostponementInput) =>
      unwrap<RetentionPreview>(http.put(`/retention/postponements/${periodId}`, { data: postponement })),
    /** Lifts a period's postponement; answers the preview. */
    resumeRetention: (periodId: number) => unwrap<RetentionPreview>(http.delete(`/retention/postponements/${periodId}`)),
    getRetentionRuns: () => unwrap<RetentionRun[]>(http.get('/retention/runs')),
    /** Runs the rules now, as the nightly job would; answers what the run did. */
    runRetention: () => unwrap<RetentionRun>(http.post('/retention/runs')),
    getPrivacyNotices: () => unwrap<PrivacyNotices>(http.get('/privacy-notices')),
    /** Saves the texts of the languages given. */
    savePrivacyNotices: (texts: Partial<Record<Locale, string>>) => unwrap<PrivacyNotices>(http.put('/privacy-notices', { data: texts })),
    /** What carrying out the applicant's erasure request would do; a 404 once the account is closed. */
    getErasure: (frontendUserId: number) => unwrap<ErasurePreview>(http.get(`/frontend-users/${frontendUserId}/erasure`)),
    /** Carries out the applicant's erasure request, confirmed. */
    erase: (frontendUserId: number) =>
      unwrap<ErasureDone>(http.post(`/frontend-users/${frontendUserId}/erase`, { data: { confirm: true } })),
  };
}
