import { Type } from 'typebox';
import { staffUserExists } from '../../auth/twoFactor/secondFactor.js';
import { notFound } from '../../errors.js';
import { payoutAbilityChangesOf } from '../../payouts/payoutAbilities.js';
import { data, id, type Api } from '../schemas.js';
import { payoutAbilityChange } from '../schemas/payouts.js';
import { record } from '../scopes.js';

/** A staff user's record of payout abilities granted and withdrawn: for those who manage users, on the user's page. */
export default async function payoutAbilityChangeRoutes(app: Api) {
  app.get(
    '/users/:id/payout-ability-changes',
    {
      config: { access: { abilities: 'manage-users', scope: record('users'), reaches: 'nothing' } },
      schema: {
        tags: ['users'],
        summary:
          'Every grant and withdrawal of manage-payouts or approve-payouts to the staff user, by their role or for a period, with who changed it and when, newest first (at most 500)',
        params: Type.Object({ id }),
        response: { 200: data(Type.Array(payoutAbilityChange)) },
      },
    },
    async (request) => {
      if (!(await staffUserExists(app.db, request.params.id))) throw notFound();
      const rows = await payoutAbilityChangesOf(app.db, request.params.id);
      return {
        data: rows.map(({ period_id, period_name, ...row }) => ({
          ...row,
          period: period_id === null ? null : { id: period_id, name: period_name! },
        })),
      };
    },
  );
}
