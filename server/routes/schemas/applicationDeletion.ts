import { Type } from 'typebox';
import { dateTime, Nullable } from '../schemas.js';

// Deleting an application: what it would remove, and the log's entry of what it did.
const { Integer, Boolean } = Type;
const Text = Type.String;

const contents = {
  files: Integer({ description: 'Its files: the form’s, the dialogue’s attachments and the follow-up’s' }),
  messages: Integer({ description: 'Messages of the dialogue' }),
  followup: Boolean({ description: 'Whether a follow-up was requested (with its report, if sent in)' }),
};

/** What deleting the application would remove, for the confirmation. */
export const applicationDeletionPreview = Type.Object({
  reference: Nullable(Text()),
  status: Integer(),
  ...contents,
  investigations: Integer({ description: 'Investigators’ proposals' }),
});

/** The log's entry of a deleted application: who deleted which reference, when, and what went with it. */
export const applicationDeletion = Type.Object({
  id: Integer(),
  reference: Nullable(Text()),
  application_uuid: Text(),
  period: Type.Object({ id: Integer(), name: Text() }),
  status: Integer({ description: 'Its status when deleted' }),
  ...contents,
  deleted_at: dateTime,
  deleted_by: Type.Object({ id: Integer(), name: Text() }),
});
