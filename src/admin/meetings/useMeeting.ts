import type { StaffDataProvider } from '../../providers/dataProvider';
import { useStaffChange, useStaffQuery } from '../useStaffQuery';

/** The first part of the key of every read of one meeting. */
export const meetingScope = (id: number) => ['meeting', id];

/** One meeting with its agenda, totals and the caller's declarations. */
export function useMeetingQuery(id: number) {
  return useStaffQuery(meetingScope(id), 'getMeeting', [id]);
}

/**
 * A change to meetings through the dataProvider; on success every meeting read and the meetings list are read again
 * (the agenda's count and the decided mark show there).
 */
export function useMeetingChange<V, R>(change: (dataProvider: StaffDataProvider, value: V) => Promise<R>) {
  return useStaffChange(change, [['meeting'], ['meetings']]);
}
