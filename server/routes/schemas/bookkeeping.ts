import { Type } from 'typebox';
import { dateTime } from '../schemas.js';

/** An export of the books: its days, how many vouchers it held, who took it out and when. */
export const bookkeepingExport = Type.Object({
  id: Type.Integer(),
  from_day: Type.String({ format: 'date' }),
  to_day: Type.String({ format: 'date' }),
  vouchers: Type.Integer(),
  exported_by: Type.String(),
  exported_at: dateTime,
});
