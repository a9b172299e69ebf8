import { Type } from 'typebox';
import { Nullable, stringEnum } from '../schemas.js';

/** Where the embedded database's backups stand (the dashboard of those who manage users). */
export const backupStatus = Type.Object(
  {
    last_base_backup_at: Nullable(Type.String({ format: 'date-time', description: 'When the last base backup finished' })),
    last_archived_wal_at: Nullable(Type.String({ format: 'date-time', description: 'When the last WAL segment was archived' })),
    warning: Type.Union([stringEnum(['archiving_fails', 'base_backup_old', 'wal_old']), Type.Null()], {
      description: 'Archiving fails now, or the last base backup or archived WAL is older than 2 days (or none); null when all is well',
    }),
  },
  { description: 'The embedded database’s backups; null with DATABASE_URL, whose backups are its provider’s' },
);
