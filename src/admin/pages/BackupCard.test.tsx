import type { DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { pageText } from '../../components/testing/dom';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { BackupCard } from './BackupCard';

// The backups card of the dashboard: the two times in Stockholm time, and what to look at when something is wrong.

afterEach(() => unmountAdmin());

const show = (backup: Parameters<typeof BackupCard>[0]['backup']) => mountInAdmin(<BackupCard backup={backup} />, {} as DataProvider);

describe('the backups card', () => {
  it('shows when the last full backup finished and changes were last archived, in Stockholm time', async () => {
    await show({ last_base_backup_at: '2026-11-26T01:10:00.000Z', last_archived_wal_at: '2026-11-26T14:00:00.000Z', warning: null });
    const text = pageText();
    expect(text).toContain('Senaste fullständiga säkerhetskopia');
    // 01:10 and 14:00 UTC are 02:10 and 15:00 in Stockholm in November.
    expect(text).toMatch(/26 nov\. 2026 02:10/);
    expect(text).toMatch(/26 nov\. 2026 15:00/);
    expect(text).toContain('Säkerhetskopieringen fungerar.');
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it('warns, saying what to look at, when archiving fails or a backup is old or missing', async () => {
    await show({ last_base_backup_at: null, last_archived_wal_at: '2026-11-26T14:00:00.000Z', warning: 'base_backup_old' });
    expect(pageText()).toContain('Ingen ännu');
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('från de senaste två dagarna');
    unmountAdmin();
    await show({ last_base_backup_at: null, last_archived_wal_at: null, warning: 'archiving_fails' });
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('kan inte arkiveras');
  });
});
