import type { Db } from '../../connect.js';
import { createSetting } from './createSetting.js';

/** Questions and answers, in the order applicants see them. */
const faqs: [question: string, answer: string][] = [
  [
    'Vem kan söka bidrag från stiftelsen?',
    'Ideella föreningar, samfälligheter och andra organisationer med verksamhet i Norrbygden kan söka bidrag. ' +
      'Stipendiet för unga ledare söks av privatpersoner mellan 16 och 25 år.',
  ],
  [
    'När kan jag söka?',
    'Ansökningar tas emot under en öppen ansökningsperiod. Datumen för aktuell period står på startsidan. ' +
      'Ansökningar som skickas in efter sista dag behandlas inte.',
  ],
  [
    'Hur mycket pengar kan vi söka?',
    'Det finns inget fast tak, men de flesta beviljade bidrag ligger mellan 10 000 och 100 000 kr. ' +
      'Beskriv tydligt i budgeten vad pengarna ska användas till.',
  ],
  [
    'Kan jag spara en ansökan och fortsätta senare?',
    'Ja. Ansökan sparas som utkast tills du skickar in den. Du hittar dina utkast under Mina ansökningar när du har loggat in.',
  ],
  [
    'När får vi besked?',
    'Styrelsen fattar beslut efter att ansökningsperioden har stängt, normalt inom sex veckor. ' +
      'Du får besked via e-post och kan följa ansökans status när du är inloggad.',
  ],
  [
    'Måste vi återrapportera hur pengarna har använts?',
    'Ja. Efter projektet ber stiftelsen om en kort uppföljning: om projektet gick som planerat, hur många som deltog, ' +
      'hur många aktiviteter ni genomförde och hur ni berättade om stiftelsens stöd. Du får ett mejl med en länk och ' +
      'har 30 dagar på dig; bilder och en rapport kan bifogas.',
  ],
];

/** The FAQs, created as on their settings screen, numbered in order. */
export async function seedFaqs(trx: Db) {
  for (const [i, [question, answer]] of faqs.entries()) await createSetting(trx, 'faqs', { question, answer, order: i + 1 });
}
