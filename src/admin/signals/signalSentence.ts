import type { Signal } from '../../providers/staffMethods';
import { formatDate } from '../../../resources/format';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What a signal says matched, as a sentence in the reader's language ("Samma organisationsnummer söker från ett annat
 * konto i perioden"); the applications it matched follow it as links, those the reader may not read counted apart.
 */
export function signalSentence(signal: Signal, translate: Translate, locale: string): string {
  const { details } = signal;
  switch (signal.kind) {
    case 'payout_account':
      return translate('signals.sentences.payout_account', {
        account: translate(`signals.accounts.${details.account_type ?? 'unknown'}`, { _: translate('signals.accounts.unknown') }),
      });
    case 'similar_description':
      return details.similarity === null
        ? translate('signals.sentences.similar_description')
        : translate('signals.sentences.similar_description_percent', { similarity: details.similarity });
    case 'registrations_from_address':
      return translate('signals.sentences.registrations_from_address', {
        day: details.day ? formatDate(details.day, locale) : '–',
        accounts: details.accounts ?? '–',
      });
    default:
      return translate(`signals.sentences.${signal.kind}`);
  }
}
