import type { ErasureDone, ErasurePreview } from '../erasure';
import type { HttpClient } from '../httpClient';
import type { RetentionPostponementInput, RetentionPreview, RetentionRun, Unwrap } from '../staffMethods';

/**
 * Data protection: what the retention rules would do and their runs, an applicant's erasure (the rules and the
 * privacy notice are settings singletons, singletonMethods.ts).
 */
export function dataProtectionMethods(http: HttpClient, unwrap: Unwrap) {
  return {
    getRetentionPreview: () => unwrap<RetentionPreview>(http.get('/retention/preview')),
    /** Postpones the rules for a period (replacing an earlier postponement of it); answers the preview. */
    postponeRetention: (periodId: number, postponement: RetentionPostponementInput) =>
      unwrap<RetentionPreview>(http.put(`/retention/postponements/${periodId}`, { data: postponement })),
    /** Lifts a period's postponement; answers the preview. */
    resumeRetention: (periodId: number) => unwrap<RetentionPreview>(http.delete(`/retention/postponements/${periodId}`)),
    getRetentionRuns: () => unwrap<RetentionRun[]>(http.get('/retention/runs')),
    /** Runs the rules now, as the nightly job would; answers what the run did. */
    runRetention: () => unwrap<RetentionRun>(http.post('/retention/runs')),
    /** What carrying out the applicant's erasure request would do; a 404 once the account is closed. */
    getErasure: (frontendUserId: number) => unwrap<ErasurePreview>(http.get(`/frontend-users/${frontendUserId}/erasure`)),
    /** Carries out the applicant's erasure request, confirmed. */
    erase: (frontendUserId: number) =>
      unwrap<ErasureDone>(http.post(`/frontend-users/${frontendUserId}/erase`, { data: { confirm: true } })),
  };
}
