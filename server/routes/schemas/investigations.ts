import { Type } from 'typebox';
import { enums } from '../../../resources/enums.js';
import { dateTime, money, Nullable, nullableDateTime } from '../schemas.js';
import { decisionMoney } from './decisions.js';
import { staffApplicant, withheld } from './applicationLists.js';
import { myReview, reviewFigures } from './reviews.js';

// Investigations of an application: the investigators on it, their proposals, and an investigator's own list.
const { Integer } = Type;
const Text = Type.String;

/** An investigation's status: what a body may give and an answer says. */
export const investigationStatus = Integer({ enum: Object.values(enums.investigation_status), description: 'investigation_status' });

/** One investigator's investigation: the proposed amount (öre, null for none), status and comment. */
export const investigation = Type.Object({
  id: Integer(),
  amount: decisionMoney,
  status: investigationStatus,
  comment: Nullable(Text()),
  created_at: dateTime,
  updated_at: dateTime,
});

const withheldProposal = Type.Boolean({
  description:
    'A reviewer’s proposal withheld from the caller, a reviewer of the application whose own review is not in yet: no status, amount or comment',
});

export const investigator = Type.Object({
  user_id: Integer(),
  name: Text(),
  email: Text(),
  investigation: Type.Object({ ...investigation.properties, status: Nullable(investigationStatus) }),
  withheld: withheldProposal,
});

/** An investigation as the investigators of the application read each other's. */
export const proposal = Type.Object({
  id: Integer(),
  user_id: Integer(),
  investigator: Text(),
  name: Text({ description: 'the same as investigator' }),
  amount: decisionMoney,
  status: Nullable(investigationStatus),
  comment: Nullable(Text()),
  updated_at: dateTime,
  mine: Type.Boolean(),
  withheld: withheldProposal,
});

/** A row of the signed-in user's own investigations. */
export const ownInvestigationRow = Type.Object({
  id: Integer(),
  uuid: Text(),
  reference: Nullable(Text()),
  status: Integer(),
  applicant: staffApplicant,
  period: Type.Object({ id: Integer(), uuid: Text(), name: Text() }),
  money_value: Nullable(money()),
  sent_in_at: nullableDateTime,
  investigation: Type.Object({ status: investigationStatus, amount: decisionMoney, updated_at: dateTime }),
  review: Nullable(reviewFigures),
  my_review: myReview,
  withheld,
});
