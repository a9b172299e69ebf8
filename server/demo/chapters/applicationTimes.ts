import type { ApplicationPlan } from './applicationPlan.js';
import type { DemoCalendar, DemoDay } from './calendar.js';

/**
 * When the plan's application (the `i`th) was started, sent in, decided and its decision mailed: each at its own
 * time of day, so that no two look alike. One sent in was started two days before; a draft one evening days ago.
 */
export function applicationTimes({ applied, handled }: ApplicationPlan, i: number, { daysAgo, moment }: DemoCalendar) {
  const at = (day: DemoDay | undefined, hour: number, minute: number) => (day === undefined ? null : moment(day, hour, minute));
  const sentInAt = at(applied.sent, 9 + (i % 9), (i * 7) % 60);
  return {
    startedAt: sentInAt ? new Date(sentInAt.getTime() - 2 * 86_400_000) : daysAgo(12 - i, 20, 30),
    sentInAt,
    decidedAt: at(handled?.decided, 14, (i * 11) % 60),
    mailedAt: at(handled?.mailed, 10, (i * 13) % 60),
  };
}

export type ApplicationTimes = ReturnType<typeof applicationTimes>;
