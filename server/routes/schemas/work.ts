import { Type } from 'typebox';
import { workKeys } from '../../../resources/work.js';
import { Nullable, stringEnum } from '../schemas.js';

// What needs a staff user (server/work/), as the dashboard and the morning mail show it.
const { Integer, Boolean } = Type;
const Text = Type.String;

const workItem = Type.Object({
  key: stringEnum([...workKeys]),
  count: Integer({ description: 'The total its list answers under `filter`, for this user' }),
  exact: Boolean({ description: 'False past the list’s cap: more than `count`' }),
  list: stringEnum(['applications', 'decided', 'payouts', 'investigations'], {
    description: 'The list: /applications/all, /applications/decided, /payouts or /applications/userInvestigations',
  }),
  filter: Type.Record(Text(), Type.Union([Text(), Integer(), Boolean(), Type.Array(Integer())]), {
    description: 'The list’s filters: each a query parameter of the list (arrays as name[])',
  }),
});

export const work = Type.Object({
  items: Type.Array(workItem, { description: 'Only those the user’s abilities reach and that need someone (count above 0)' }),
  next_meeting: Nullable(
    Type.Object(
      {
        id: Integer(),
        held_on: Text({ format: 'date' }),
        starts_at: Nullable(Text()),
        place: Text(),
        period_name: Text(),
        agenda_count: Integer(),
      },
      { description: 'The next meeting not yet decided that the user is a member of, from today (Stockholm) on' },
    ),
  ),
});
