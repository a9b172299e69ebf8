import type { Db } from '../../db/connect.js';
import { createSetting } from './createSetting.js';

/** A question and its answer, in Swedish and English. */
interface Faq {
  question: [sv: string, en: string];
  answer: [sv: string, en: string];
}

/** Questions and answers, in the order applicants see them. */
const faqs: Faq[] = [
  {
    question: ['Vem kan söka bidrag från stiftelsen?', 'Who can apply for a grant from the foundation?'],
    answer: [
      'Ideella föreningar, samfälligheter och andra organisationer med verksamhet i Norrbygden kan söka bidrag. ' +
        'Stipendiet för unga ledare söks av privatpersoner mellan 16 och 25 år.',
      'Non-profit associations, joint property associations and other organisations active in Norrbygden can apply for a ' +
        'grant. The scholarship for young leaders is for individuals between 16 and 25.',
    ],
  },
  {
    question: ['När kan jag söka?', 'When can I apply?'],
    answer: [
      'Ansökningar tas emot under en öppen ansökningsperiod. Datumen för aktuell period står på startsidan. ' +
        'Ansökningar som skickas in efter sista dag behandlas inte.',
      'Applications are taken while an application period is open. The dates of the current period are on the start ' +
        'page. Applications sent in after the last day are not considered.',
    ],
  },
  {
    question: ['Hur mycket pengar kan vi söka?', 'How much money can we apply for?'],
    answer: [
      'Det finns inget fast tak, men de flesta beviljade bidrag ligger mellan 10 000 och 100 000 kr. ' +
        'Beskriv tydligt i budgeten vad pengarna ska användas till.',
      'There is no fixed limit, but most grants are between SEK 10,000 and 100,000. ' +
        'Say clearly in the budget what the money is to be used for.',
    ],
  },
  {
    question: ['Kan jag spara en ansökan och fortsätta senare?', 'Can I save an application and continue later?'],
    answer: [
      'Ja. Ansökan sparas som utkast tills du skickar in den. Du hittar dina utkast under Mina ansökningar när du har loggat in.',
      'Yes. The application is kept as a draft until you send it in. You find your drafts under My applications once you have signed in.',
    ],
  },
  {
    question: ['När får vi besked?', 'When will we hear?'],
    answer: [
      'Styrelsen fattar beslut efter att ansökningsperioden har stängt, normalt inom sex veckor. ' +
        'Du får besked via e-post och kan följa ansökans status när du är inloggad.',
      'The board decides after the application period has closed, usually within six weeks. ' +
        'You are told by e-mail and can follow the application’s status when you are signed in.',
    ],
  },
  {
    question: ['Måste vi skicka in en uppföljning av hur pengarna har använts?', 'Do we have to report back on how the money was used?'],
    answer: [
      'Ja. Efter projektet ber stiftelsen om en kort uppföljning: om projektet gick som planerat, hur många som deltog, ' +
        'hur många aktiviteter ni genomförde och hur ni berättade om stiftelsens stöd. Du får ett mejl med en länk och ' +
        'har 30 dagar på dig; bilder och en rapport kan bifogas.',
      'Yes. After the project the foundation asks for a short follow-up: whether the project went as planned, how many ' +
        'took part, how many events you held and how you told others of the foundation’s support. You get an e-mail with ' +
        'a link and have 30 days; pictures and a report can be attached.',
    ],
  },
];

/** The FAQs, created as on their settings screen, numbered in order. */
export async function seedFaqs(trx: Db) {
  for (const [i, { question, answer }] of faqs.entries())
    await createSetting(trx, 'faqs', {
      question: question[0],
      question_en: question[1],
      answer: answer[0],
      answer_en: answer[1],
      order: i + 1,
    });
}
