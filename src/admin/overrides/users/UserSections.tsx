import { PayoutAbilitySection } from './PayoutAbilitySection';
import { SecondFactorSection } from './SecondFactorSection';

/** Below a user's form: their second factor and sign-in history, then their payout abilities as granted and withdrawn. */
export function UserSections() {
  return (
    <>
      <SecondFactorSection />
      <PayoutAbilitySection />
    </>
  );
}
