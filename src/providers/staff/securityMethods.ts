import type { JsonOf } from '../../../server/routes/schemas';
import type { oidcStart } from '../../../server/routes/schemas/signIn';
import type { HttpClient } from '../httpClient';
import type {
  AccountEvent,
  EnrolmentCompleted,
  PayoutAbilityChange,
  RecoveryCodes,
  SecondFactorEnrolment,
  SecondFactorProof,
  SecondFactorStatus,
  SignInProvider,
  Message,
  Unwrap,
} from '../staffMethods';

/**
 * Signing in and its security: password links, the organisation's sign-in, the second factor, an account's events
 * and payout abilities.
 */
export function securityMethods(http: HttpClient, unwrap: Unwrap) {
  return {
    forgotPassword: (email: string) => unwrap<Message>(http.post('/auth/forgot-password', { data: { email } })),
    resetPassword: (token: string, password: string, confirmation: string) =>
      unwrap<Message>(http.post('/auth/reset-password', { data: { token, password, password_confirmation: confirmation } })),
    /** The organisation's identity provider for staff, when one is set up (null: none). */
    getStaffSso: () => unwrap<SignInProvider | null>(http.get('/auth/oidc')),
    /** Starts a sign-in there: the provider's address to send the browser to. */
    startStaffSso: () => unwrap<JsonOf<typeof oidcStart>['data']>(http.post('/auth/oidc/start')),
    getSecondFactor: () => unwrap<SecondFactorStatus>(http.get('/auth/second-factor')),
    /**
     * A new secret to enrol (replacing one not yet confirmed): during sign-in (the challenge is the proof), or for the
     * signed-in user, who gives their password again.
     */
    startSecondFactorEnrolment: (password?: string) =>
      unwrap<SecondFactorEnrolment>(http.post('/auth/second-factor/enrolment', { data: password === undefined ? {} : { password } })),
    /** Confirms the secret with a first code from the app; answers the recovery codes (the factor is still off). */
    confirmSecondFactorEnrolment: (code: string) =>
      unwrap<RecoveryCodes>(http.post('/auth/second-factor/enrolment/confirm', { data: { code } })),
    /** The recovery codes are saved: turns the second factor on (and, during sign-in, starts the session). */
    completeSecondFactorEnrolment: () =>
      unwrap<EnrolmentCompleted>(http.post('/auth/second-factor/enrolment/complete', { data: { codes_saved: true } })),
    /** New recovery codes against the password or a current code; the old ones stop working. */
    renewRecoveryCodes: (proof: SecondFactorProof) =>
      unwrap<RecoveryCodes>(http.post('/auth/second-factor/recovery-codes', { data: proof })),
    /** Turns the signed-in user's second factor off, confirmed by the password or a current code (where not required). */
    removeSecondFactor: (proof: SecondFactorProof) => unwrap<unknown>(http.delete('/auth/second-factor', { body: { data: proof } })),
    /** An administrator's reset of a colleague's second factor: enrolled again at their next sign-in, sessions ended. */
    resetSecondFactor: (userId: number) => unwrap<unknown>(http.delete(`/users/${userId}/second-factor`)),
    /** A staff account's sign-in events, newest first. */
    getAccountHistory: (userId: number) => unwrap<AccountEvent[]>(http.get(`/users/${userId}/account-history`)),
    /** Every grant and withdrawal of a payout ability to the staff user, newest first. */
    getPayoutAbilityChanges: (userId: number) => unwrap<PayoutAbilityChange[]>(http.get(`/users/${userId}/payout-ability-changes`)),
  };
}
