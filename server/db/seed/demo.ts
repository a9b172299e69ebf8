import { Readable } from 'node:stream';
import type { FileStorage } from '../../uploads/storage.js';
import type { Db } from '../connect.js';
import { hashPassword } from '../../auth/passwords.js';
import { enums } from '../../../resources/enums.js';

/**
 * Demo data for a fictional foundation, "Sparbanksstiftelsen Norrbygden": staff, application types with their
 * questions, categories, an open and a closed period, contacts, FAQs, organisations, applicants and applications
 * in every status. Every person, organisation, e-mail address and organisation number is made up; phone numbers
 * come from the series that PTS reserves for fiction. Money is in öre.
 */

export const demoLogins = [
  { email: 'admin@demo.se', role: 'admin' },
  { email: 'utredare@demo.se', role: 'utredare' },
] as const;

export const DEMO_PASSWORD = 'demo-2026';

const staff = [
  // The administrator hears of every applicant's message (in the app and by mail); the investigator of those on
  // applications they investigate.
  { ...demoLogins[0], first_name: 'Anna', last_name: 'Lindqvist', active: true, notify_on_applications: true },
  { ...demoLogins[1], first_name: 'Erik', last_name: 'Johansson', active: true },
  { email: 'inaktiv@demo.se', role: 'utredare', first_name: 'Gunnar', last_name: 'Öhman', active: false },
];

const kr = (amount: number) => amount * 100;

/** The Luhn check digit of the first nine digits of a Swedish organisation number. */
function luhnCheckDigit(nineDigits: string): number {
  let sum = 0;
  for (let i = 0; i < nineDigits.length; i++) {
    let d = Number(nineDigits[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** 'NNNNNN-NNNN' from nine digits (the third one >= 2, as for legal entities) and the computed check digit. */
function orgNumber(nineDigits: string): string {
  if (!/^\d{2}[2-9]\d{6}$/.test(nineDigits)) throw new Error(`Not a legal entity's number: ${nineDigits}`);
  return `${nineDigits.slice(0, 6)}-${nineDigits.slice(6)}${luhnCheckDigit(nineDigits)}`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

// ---------------------------------------------------------------------------------------------------------------
// Application types and their questions

type FieldType = keyof typeof enums.field_type;
interface FieldSpec {
  key: string;
  label: string;
  type: FieldType;
  required: boolean;
  options?: string[];
}

const applicationTypes: { key: 'forening' | 'stipendium'; label: string; fields: FieldSpec[] }[] = [
  {
    key: 'forening',
    label: 'Bidrag till föreningsliv',
    fields: [
      { key: 'project', label: 'Projektets namn', type: 'text', required: true },
      { key: 'description', label: 'Beskriv projektet och vad ni vill uppnå', type: 'textarea', required: true },
      { key: 'participants', label: 'Ungefärligt antal deltagare', type: 'number', required: true },
      {
        key: 'activity',
        label: 'Typ av verksamhet',
        type: 'dropdown',
        required: true,
        options: ['Idrott', 'Kultur', 'Friluftsliv', 'Social verksamhet', 'Annat'],
      },
      {
        key: 'otherFunding',
        label: 'Har ni sökt stöd från andra finansiärer för projektet?',
        type: 'radio',
        required: false,
        options: ['Ja', 'Nej'],
      },
      {
        key: 'ages',
        label: 'Vilka åldrar når projektet?',
        type: 'checkbox',
        required: false,
        options: ['Under 13 år', '13–19 år', '20–64 år', '65 år och äldre'],
      },
      { key: 'budget', label: 'Bifoga projektets budget', type: 'media', required: false },
    ],
  },
  {
    key: 'stipendium',
    label: 'Stipendium för unga ledare',
    fields: [
      { key: 'age', label: 'Din ålder', type: 'number', required: true },
      { key: 'role', label: 'Ditt ledaruppdrag och i vilken förening', type: 'text', required: true },
      {
        key: 'motivation',
        label: 'Varför söker du stipendiet och hur vill du använda det?',
        type: 'textarea',
        required: true,
      },
      {
        key: 'usage',
        label: 'Vad ska stipendiet användas till?',
        type: 'checkbox',
        required: false,
        options: ['Ledarutbildning', 'Kurser och läger', 'Utrustning', 'Resor'],
      },
      {
        key: 'previous',
        label: 'Har du fått stipendium från stiftelsen tidigare?',
        type: 'radio',
        required: true,
        options: ['Ja', 'Nej'],
      },
      { key: 'recommendation', label: 'Bifoga ett rekommendationsbrev', type: 'media', required: false },
    ],
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Categories, contacts, FAQs, organisations, applicants

const categories: Record<keyof typeof enums.category_type, string[]> = {
  target_group: ['Barn och unga', 'Äldre', 'Personer med funktionsnedsättning', 'Nyanlända'],
  purpose: ['Ökad delaktighet', 'Folkhälsa och rörelse', 'Kultur och skapande', 'Trygghet och gemenskap'],
  geographic_area: ['Luleå', 'Piteå', 'Boden', 'Kalix', 'Överkalix'],
  focus_area: ['Idrott och friluftsliv', 'Kultur och kulturarv', 'Miljö och hållbarhet', 'Utbildning och entreprenörskap'],
};

const contacts = [
  {
    first_name: 'Karin',
    last_name: 'Sundström',
    title: 'Stiftelsesekreterare',
    email: 'karin.sundstrom@demo.se',
    phone: '+46 980 31 92 10',
  },
  { first_name: 'Per', last_name: 'Holmgren', title: 'Handläggare', email: 'per.holmgren@demo.se', phone: '+46 980 31 92 11' },
  { first_name: 'Ulla', last_name: 'Åström', title: 'Ordförande', email: 'ulla.astrom@demo.se', phone: '+46 980 31 92 12' },
];

const faqs = [
  {
    question: 'Vem kan söka bidrag från stiftelsen?',
    answer:
      'Ideella föreningar, samfälligheter och andra organisationer med verksamhet i Norrbygden kan söka bidrag. ' +
      'Stipendiet för unga ledare söks av privatpersoner mellan 16 och 25 år.',
  },
  {
    question: 'När kan jag söka?',
    answer:
      'Ansökningar tas emot under en öppen ansökningsperiod. Datumen för aktuell period står på startsidan. ' +
      'Ansökningar som skickas in efter sista dag behandlas inte.',
  },
  {
    question: 'Hur mycket pengar kan vi söka?',
    answer:
      'Det finns inget fast tak, men de flesta beviljade bidrag ligger mellan 10 000 och 100 000 kr. ' +
      'Beskriv tydligt i budgeten vad pengarna ska användas till.',
  },
  {
    question: 'Kan jag spara en ansökan och fortsätta senare?',
    answer:
      'Ja. Ansökan sparas som utkast tills du skickar in den. Du hittar dina utkast under Mina ansökningar ' + 'när du har loggat in.',
  },
  {
    question: 'När får vi besked?',
    answer:
      'Styrelsen fattar beslut efter att ansökningsperioden har stängt, normalt inom sex veckor. ' +
      'Du får besked via e-post och kan följa ansökans status när du är inloggad.',
  },
  {
    question: 'Måste vi återrapportera hur pengarna har använts?',
    answer:
      'Ja. Efter projektet ber stiftelsen om en kort uppföljning: om projektet gick som planerat, hur många som deltog, ' +
      'hur många aktiviteter ni genomförde och hur ni berättade om stiftelsens stöd. Du får ett mejl med en länk och ' +
      'har 30 dagar på dig; bilder och en rapport kan bifogas.',
  },
];

const organisations = [
  {
    key: 'if',
    name: 'Norrbygdens Idrottsförening',
    digits: '802415397',
    type: enums.organisation_type.association,
    address: 'Idrottsvägen 4',
    co: null,
    zip: '97241',
    city: 'Luleå',
    website: 'https://www.norrbygdensif.se',
    is_verified: true,
  },
  {
    key: 'kultur',
    name: 'Kulturföreningen Älvstranden',
    digits: '802503186',
    type: enums.organisation_type.association,
    address: 'Storgatan 21',
    co: 'c/o Lina Öberg',
    zip: '94131',
    city: 'Piteå',
    website: 'https://www.alvstranden-kultur.se',
    is_verified: true,
  },
  {
    key: 'hembygd',
    name: 'Kalix Hembygdsförening',
    digits: '802208744',
    type: enums.organisation_type.association,
    address: 'Strandgatan 7',
    co: null,
    zip: '95231',
    city: 'Kalix',
    website: 'https://www.kalixhembygd.se',
    is_verified: false,
  },
  {
    key: 'bygg',
    name: 'Bodens Snickeri & Bygg AB',
    digits: '556981234',
    type: enums.organisation_type.company,
    address: 'Verkstadsgatan 12',
    co: null,
    zip: '96133',
    city: 'Boden',
    website: 'https://www.bodenssnickeri.se',
    is_verified: true,
  },
  {
    key: 'samfallighet',
    name: 'Svartbyns Samfällighetsförening',
    digits: '717906452',
    type: enums.organisation_type.community,
    address: 'Byvägen 3',
    co: null,
    zip: '95691',
    city: 'Överkalix',
    website: 'https://www.svartbyn.se',
    is_verified: false,
  },
] as const;
type OrgKey = (typeof organisations)[number]['key'];

const applicants = [
  {
    key: 'maria',
    email: 'maria.nilsson@demo.se',
    first_name: 'Maria',
    last_name: 'Nilsson',
    phone: '+46 70 174 06 05',
    locale: 'sv-SE',
    verified: true,
    address: 'Idrottsvägen 12',
    zip: '97241',
    city: 'Luleå',
  },
  {
    key: 'johan',
    email: 'johan.persson@demo.se',
    first_name: 'Johan',
    last_name: 'Persson',
    phone: '+46 70 174 06 12',
    locale: 'sv-SE',
    verified: true,
    address: 'Storgatan 40',
    zip: '94131',
    city: 'Piteå',
  },
  {
    key: 'lina',
    email: 'lina.oberg@demo.se',
    first_name: 'Lina',
    last_name: 'Öberg',
    phone: '+46 70 174 06 23',
    locale: 'sv-SE',
    verified: true,
    address: 'Strandgatan 2',
    zip: '95231',
    city: 'Kalix',
  },
  {
    key: 'ahmed',
    email: 'ahmed.hassan@demo.se',
    first_name: 'Ahmed',
    last_name: 'Hassan',
    phone: '+46 70 174 06 34',
    locale: 'sv-SE',
    verified: true,
    address: 'Kungsgatan 9',
    zip: '96131',
    city: 'Boden',
  },
  {
    key: 'elin',
    email: 'elin.forsberg@demo.se',
    first_name: 'Elin',
    last_name: 'Forsberg',
    phone: '+46 70 174 06 45',
    locale: 'sv-SE',
    verified: true,
    address: 'Byvägen 8',
    zip: '95691',
    city: 'Överkalix',
  },
  {
    key: 'oliver',
    email: 'oliver.smith@demo.se',
    first_name: 'Oliver',
    last_name: 'Smith',
    phone: '+46 70 174 06 56',
    locale: 'en-US',
    verified: false,
    address: 'Skeppsbrogatan 5',
    zip: '97231',
    city: 'Luleå',
  },
] as const;
type ApplicantKey = (typeof applicants)[number]['key'];

// ---------------------------------------------------------------------------------------------------------------
// Applications

type StatusKey = keyof typeof enums.application_status;
interface ApplicationPlan {
  status: StatusKey;
  period: 'open' | 'closed';
  type: 'forening' | 'stipendium';
  applicant: ApplicantKey;
  organisation: OrgKey | null;
  applicantType: keyof typeof enums.applicant_type;
  money: number | null; // kr
  approved?: number; // kr
  /** Sent in: days before today (open period) or [month (1-12), day] of the previous year (closed period). */
  sent?: number | [number, number];
  /** Decided: as sent. */
  decided?: number | [number, number];
  /** The decision mail sent (which released the decision to the applicant): as sent; without it they see none yet. */
  mailed?: number | [number, number];
  /** The applicant's global goals. */
  goals: number[];
  /** The goals the decision names (an approval in a period without the distribution cap). */
  decisionGoals?: number[];
  categories: string[];
  answers: Record<string, unknown>;
}

const applications: ApplicationPlan[] = [
  // The closed period: decided, or one still being investigated.
  {
    status: 'approved',
    period: 'closed',
    type: 'forening',
    applicant: 'maria',
    organisation: 'if',
    applicantType: 'organisation',
    money: 60000,
    approved: 45000,
    sent: [3, 14],
    decided: [5, 20],
    mailed: [5, 22],
    goals: [3, 10],
    decisionGoals: [3],
    categories: ['Barn och unga', 'Folkhälsa och rörelse', 'Luleå', 'Idrott och friluftsliv'],
    answers: {
      project: 'Sommarfotboll för alla',
      description:
        'Avgiftsfria fotbollsträningar under sommarlovet för barn 7–12 år, med extra fokus på barn som inte redan är med i en förening. Vi behöver bidrag till ledararvoden, bollar och mellanmål.',
      participants: 80,
      activity: 'Idrott',
      otherFunding: 'Ja',
      budget: 'budget-sommarfotboll.pdf',
    },
  },
  {
    status: 'approved',
    period: 'closed',
    type: 'stipendium',
    applicant: 'ahmed',
    organisation: null,
    applicantType: 'contact_person',
    money: 15000,
    approved: 15000,
    sent: [4, 2],
    decided: [5, 20],
    mailed: [5, 22],
    goals: [4, 10],
    decisionGoals: [4, 10],
    categories: ['Nyanlända', 'Ökad delaktighet', 'Boden'],
    answers: {
      age: 21,
      role: 'Ungdomsledare i Bodens Schackklubb',
      motivation:
        'Jag leder en schackgrupp för nyanlända ungdomar och vill gå en ledarutbildning för att kunna starta en grupp till i höst.',
      usage: ['Ledarutbildning', 'Resor'],
      previous: 'Nej',
      recommendation: 'rekommendation-ahmed.pdf',
    },
  },
  {
    status: 'rejected',
    period: 'closed',
    type: 'forening',
    applicant: 'johan',
    organisation: 'kultur',
    applicantType: 'both',
    money: 120000,
    sent: [4, 28],
    decided: [5, 20],
    mailed: [5, 22],
    goals: [4, 11],
    categories: ['Kultur och skapande', 'Piteå', 'Kultur och kulturarv'],
    answers: {
      project: 'Ny ljudanläggning till Älvstrandsscenen',
      description: 'Vi vill byta ut den gamla ljudanläggningen på vår utomhusscen så att vi kan arrangera fler konserter.',
      participants: 600,
      activity: 'Kultur',
      otherFunding: 'Nej',
      budget: 'offert-ljud.pdf',
    },
  },
  {
    status: 'ongoing',
    period: 'closed',
    type: 'forening',
    applicant: 'lina',
    organisation: 'hembygd',
    applicantType: 'organisation',
    money: 80000,
    sent: [4, 20],
    goals: [11],
    categories: ['Äldre', 'Trygghet och gemenskap', 'Kalix', 'Kultur och kulturarv'],
    answers: {
      project: 'Renovering av hembygdsgårdens tak',
      description:
        'Taket på hembygdsgården läcker och behöver läggas om innan vintern. Gården används för träffar för äldre i byn varje vecka.',
      participants: 150,
      activity: 'Social verksamhet',
      otherFunding: 'Ja',
      budget: 'budget-tak.pdf',
    },
  },
  {
    status: 'rejected',
    period: 'closed',
    type: 'stipendium',
    applicant: 'elin',
    organisation: null,
    applicantType: 'contact_person',
    money: 20000,
    sent: [2, 25],
    decided: [5, 20],
    mailed: [5, 22],
    goals: [4],
    categories: ['Barn och unga', 'Överkalix'],
    answers: {
      age: 27,
      role: 'Scoutledare i Överkalix scoutkår',
      motivation: 'Jag vill delta i en internationell ledarkonferens för scoutledare.',
      usage: ['Resor'],
      previous: 'Ja',
    },
  },
  // The open period.
  {
    status: 'draft',
    period: 'open',
    type: 'forening',
    applicant: 'maria',
    organisation: 'if',
    applicantType: 'organisation',
    money: 30000,
    goals: [3],
    categories: [],
    answers: { project: 'Vinterträning i hallen', activity: 'Idrott' },
  },
  {
    status: 'draft',
    period: 'open',
    type: 'stipendium',
    applicant: 'oliver',
    organisation: null,
    applicantType: 'contact_person',
    money: null,
    goals: [],
    categories: [],
    answers: { age: 19, role: 'Assistant coach, Luleå basketball club' },
  },
  {
    status: 'received',
    period: 'open',
    type: 'forening',
    applicant: 'johan',
    organisation: 'kultur',
    applicantType: 'organisation',
    money: 50000,
    sent: 3,
    goals: [4, 10],
    categories: ['Barn och unga', 'Kultur och skapande', 'Piteå'],
    answers: {
      project: 'Teaterskola på lovet',
      description: 'En veckas teaterskola under höstlovet som avslutas med en föreställning för familjerna.',
      participants: 35,
      activity: 'Kultur',
      otherFunding: 'Nej',
      budget: 'budget-teaterskola.pdf',
    },
  },
  {
    status: 'received',
    period: 'open',
    type: 'stipendium',
    applicant: 'ahmed',
    organisation: 'if',
    applicantType: 'both',
    money: 12000,
    sent: 5,
    goals: [4, 5],
    categories: ['Nyanlända', 'Luleå'],
    answers: {
      age: 22,
      role: 'Tränare för flicklaget i Norrbygdens IF',
      motivation: 'Jag vill gå tränarutbildningen steg 2 för att kunna ta ansvar för fler lag i föreningen.',
      usage: ['Ledarutbildning', 'Kurser och läger'],
      previous: 'Ja',
      recommendation: 'intyg-ordforande.pdf',
    },
  },
  {
    status: 'received',
    period: 'open',
    type: 'forening',
    applicant: 'lina',
    organisation: 'bygg',
    applicantType: 'organisation',
    money: 75000,
    sent: 1,
    goals: [8, 4],
    categories: ['Barn och unga', 'Boden', 'Utbildning och entreprenörskap'],
    answers: {
      project: 'Prova på snickeri',
      description: 'Vi vill låta högstadieelever prova på hantverksyrken i vår verkstad under tio eftermiddagar.',
      participants: 40,
      activity: 'Annat',
      otherFunding: 'Ja',
      budget: 'budget-prova-pa.pdf',
    },
  },
  {
    status: 'ongoing',
    period: 'open',
    type: 'forening',
    applicant: 'elin',
    organisation: 'samfallighet',
    applicantType: 'both',
    money: 40000,
    sent: 20,
    goals: [11, 13, 15],
    categories: ['Trygghet och gemenskap', 'Överkalix', 'Miljö och hållbarhet'],
    answers: {
      project: 'Belysning längs byns motionsslinga',
      description: 'Energisnål LED-belysning längs den tre kilometer långa slingan så att den kan användas även under den mörka årstiden.',
      participants: 250,
      activity: 'Friluftsliv',
      otherFunding: 'Nej',
      budget: 'offert-belysning.pdf',
    },
  },
  {
    status: 'ongoing',
    period: 'open',
    type: 'stipendium',
    applicant: 'elin',
    organisation: null,
    applicantType: 'contact_person',
    money: 18000,
    sent: 18,
    goals: [4, 5],
    categories: ['Barn och unga', 'Kalix'],
    answers: {
      age: 24,
      role: 'Ledare för ungdomsgruppen i Kalix Kanotklubb',
      motivation: 'Jag vill utbilda mig till paddelinstruktör och kunna erbjuda säkra turer för ungdomar.',
      usage: ['Ledarutbildning', 'Utrustning'],
      previous: 'Nej',
    },
  },
  {
    status: 'approved',
    period: 'open',
    type: 'forening',
    applicant: 'maria',
    organisation: 'if',
    applicantType: 'organisation',
    money: 25000,
    approved: 20000,
    sent: 25,
    decided: 4,
    mailed: 3,
    goals: [3, 5],
    categories: ['Barn och unga', 'Folkhälsa och rörelse', 'Luleå'],
    answers: {
      project: 'Skidskola för nybörjare',
      description: 'Skidskola på helgerna för barn som aldrig har stått på skidor, med lånade skidor från föreningens utrustningsbank.',
      participants: 45,
      activity: 'Friluftsliv',
      otherFunding: 'Nej',
      budget: 'budget-skidskola.pdf',
    },
  },
  {
    status: 'rejected',
    period: 'open',
    type: 'forening',
    applicant: 'johan',
    organisation: 'hembygd',
    applicantType: 'both',
    money: 200000,
    sent: 27,
    decided: 4,
    goals: [11],
    categories: ['Kalix', 'Kultur och kulturarv'],
    answers: {
      project: 'Nybyggnad av föreningslokal',
      description: 'Vi vill bygga en ny samlingslokal vid hembygdsgården.',
      participants: 300,
      activity: 'Kultur',
      otherFunding: 'Nej',
    },
  },
  {
    status: 'approved',
    period: 'open',
    type: 'stipendium',
    applicant: 'lina',
    organisation: 'kultur',
    applicantType: 'both',
    money: 15000,
    approved: 15000,
    sent: 22,
    decided: 4,
    goals: [4, 5, 10],
    categories: ['Barn och unga', 'Kultur och skapande', 'Piteå'],
    answers: {
      age: 23,
      role: 'Körledare för barnkören i Kulturföreningen Älvstranden',
      motivation: 'Stipendiet ska bekosta en körledarkurs i sommar så att jag kan starta en kör för yngre barn.',
      usage: ['Kurser och läger'],
      previous: 'Nej',
      recommendation: 'rekommendation-lina.pdf',
    },
  },
];

// ---------------------------------------------------------------------------------------------------------------

/**
 * Inserts the demo in one transaction; returns false (and changes nothing) when the database already has staff users.
 * With a storage, the answers to file questions become small PDF files kept there (as uploads are).
 */
export async function seedDemo(db: Db, today: Date = new Date(), storage?: FileStorage): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const year = today.getFullYear();
  const lastYear = year - 1;
  /** A moment `days` before today, at the given time of day. */
  const daysAgo = (days: number, hour = 10, minute = 0) =>
    new Date(today.getFullYear(), today.getMonth(), today.getDate() - days, hour, minute);
  const moment = (when: number | [number, number], hour: number, minute: number) =>
    typeof when === 'number' ? daysAgo(when, hour, minute) : new Date(lastYear, when[0] - 1, when[1], hour, minute);

  return db.transaction().execute(async (trx) => {
    if ((await countUsers(trx)) > 0) return false;

    await trx
      .insertInto('users')
      .values(
        staff.map((u) => ({
          first_name: u.first_name,
          last_name: u.last_name,
          email: u.email,
          password_hash: passwordHash,
          role: u.role,
          active: u.active,
          locale: 'sv-SE',
          notify_on_applications: 'notify_on_applications' in u && u.notify_on_applications,
          notifications_email: 'notify_on_applications' in u ? u.email : null,
        })),
      )
      .execute();

    // Application types and their questions.
    const typeIds = {} as Record<'forening' | 'stipendium', number>;
    const fieldIds = {} as Record<'forening' | 'stipendium', Record<string, number>>;
    for (const type of applicationTypes) {
      const { id } = await trx.insertInto('application_types').values({ label: type.label }).returning('id').executeTakeFirstOrThrow();
      typeIds[type.key] = id;
      const rows = await trx
        .insertInto('application_type_field_definitions')
        .values(
          type.fields.map((f, i) => ({
            application_type_id: id,
            label: f.label,
            type: enums.field_type[f.type],
            required: f.required,
            options: JSON.stringify(f.options ?? []),
            order: i + 1,
          })),
        )
        .returning(['id', 'order'])
        .execute();
      fieldIds[type.key] = Object.fromEntries(rows.map((r) => [type.fields[r.order - 1].key, r.id]));
    }

    // Categories.
    const categoryIds = new Map<string, number>();
    for (const [type, labels] of Object.entries(categories) as [keyof typeof categories, string[]][]) {
      const rows = await trx
        .insertInto('categories')
        .values(labels.map((label) => ({ label, type: enums.category_type[type] })))
        .returning(['id', 'label'])
        .execute();
      for (const r of rows) categoryIds.set(r.label, r.id);
    }

    // Periods.
    const openPeriod = await trx
      .insertInto('periods')
      .values({
        name: `Ansökningsomgång ${year}`,
        start_date: isoDate(daysAgo(30)),
        end_date: isoDate(daysAgo(-60)),
        closed: false,
        uses_money_distribution_cap: true,
        uses_status_cloaking: false,
        available_money: kr(2_000_000),
        created_at: daysAgo(45),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const closedPeriod = await trx
      .insertInto('periods')
      .values({
        name: `Ansökningsomgång ${lastYear}`,
        start_date: `${lastYear}-02-01`,
        end_date: `${lastYear}-04-30`,
        closed: true,
        uses_money_distribution_cap: false,
        uses_status_cloaking: true,
        available_money: kr(1_500_000),
        created_at: new Date(lastYear, 0, 15, 9, 0),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const periodIds = { open: openPeriod.id, closed: closedPeriod.id };
    await trx
      .insertInto('period_application_types')
      .values(
        Object.values(periodIds).flatMap((period_id) =>
          Object.values(typeIds).map((application_type_id) => ({ period_id, application_type_id })),
        ),
      )
      .execute();

    // Contacts: the secretary and the case officer for the open period, the secretary and the chair for the closed one.
    const contactRows = await trx.insertInto('contacts').values(contacts).returning('id').execute();
    const [secretary, officer, chair] = contactRows.map((r) => r.id);
    await trx
      .insertInto('period_contacts')
      .values([
        { period_id: periodIds.open, contact_id: secretary, order: 1 },
        { period_id: periodIds.open, contact_id: officer, order: 2 },
        { period_id: periodIds.closed, contact_id: secretary, order: 1 },
        { period_id: periodIds.closed, contact_id: chair, order: 2 },
      ])
      .execute();

    await trx
      .insertInto('faqs')
      .values(faqs.map((f, i) => ({ ...f, order: i + 1 })))
      .execute();

    // Organisations.
    const orgIds = {} as Record<OrgKey, number>;
    for (const o of organisations) {
      const { id } = await trx
        .insertInto('organisations')
        .values({
          name: o.name,
          org_number: orgNumber(o.digits),
          type: o.type,
          address: o.address,
          co: o.co,
          zip: o.zip,
          city: o.city,
          country: 'Sverige',
          website: o.website,
          is_verified: o.is_verified,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      orgIds[o.key] = id;
    }

    // Applicants.
    const applicantIds = {} as Record<ApplicantKey, number>;
    for (const [i, a] of applicants.entries()) {
      const { id } = await trx
        .insertInto('frontend_users')
        .values({
          email: a.email,
          first_name: a.first_name,
          last_name: a.last_name,
          phone: a.phone,
          locale: a.locale,
          // The verified applicants registered during last year's period, the unverified one just now.
          verified_at: a.verified ? new Date(lastYear, 1, 3 + i * 4, 19, 12 + i) : null,
          created_at: a.verified ? new Date(lastYear, 1, 3 + i * 4, 19, 5 + i) : daysAgo(2, 21, 40),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      applicantIds[a.key] = id;
    }

    // Applications: references number the sent-in ones per year in the order they arrived.
    const planned = applications.map((plan, i) => ({
      plan,
      sentInAt: plan.sent === undefined ? null : moment(plan.sent, 9 + (i % 9), (i * 7) % 60),
      decidedAt: plan.decided === undefined ? null : moment(plan.decided, 14, (i * 11) % 60),
      mailedAt: plan.mailed === undefined ? null : moment(plan.mailed, 10, (i * 13) % 60),
    }));
    const references = new Map<(typeof planned)[number], string>();
    const sequence = new Map<number, number>();
    for (const p of [...planned].filter((p) => p.sentInAt).sort((a, b) => a.sentInAt!.getTime() - b.sentInAt!.getTime())) {
      const y = p.sentInAt!.getFullYear();
      const n = (sequence.get(y) ?? 0) + 1;
      sequence.set(y, n);
      references.set(p, `${y}-${pad(n, 4)}`);
    }

    for (const [i, p] of planned.entries()) {
      const { plan, sentInAt, decidedAt, mailedAt } = p;
      const fields = fieldIds[plan.type];
      const questionType = (key: string) => applicationTypes.find((t) => t.key === plan.type)!.fields.find((f) => f.key === key)?.type;
      const attachments: { questionId: number; name: string }[] = [];
      const definitions = Object.fromEntries(
        Object.entries(plan.answers).flatMap(([key, value]) => {
          const id = fields[key];
          if (id === undefined) throw new Error(`Unknown demo question ${plan.type}.${key}`);
          // A file question is answered by a file, not by text.
          if (questionType(key) === 'media') {
            attachments.push({ questionId: id, name: String(value) });
            return [];
          }
          return [[String(id), value]];
        }),
      );
      const createdAt = sentInAt ? new Date(sentInAt.getTime() - 2 * 86_400_000) : daysAgo(12 - i, 20, 30);
      const { id } = await trx
        .insertInto('applications')
        .values({
          reference: references.get(p) ?? null,
          status: enums.application_status[plan.status],
          frontend_user_id: applicantIds[plan.applicant],
          period_id: periodIds[plan.period],
          application_type_id: typeIds[plan.type],
          applicant_type: enums.applicant_type[plan.applicantType],
          organisation_id: plan.organisation ? orgIds[plan.organisation] : null,
          ...formDetails(plan, sentInAt !== null),
          money: plan.money === null ? null : kr(plan.money),
          approved_money: plan.approved === undefined ? null : kr(plan.approved),
          definitions: JSON.stringify(definitions),
          global_goals: plan.goals,
          decision_global_goals: plan.decisionGoals ?? [],
          // The decision its mail stated, which reached the applicant with it (server/applications/told.ts).
          ...(mailedAt && {
            distribution_mail_sent_at: mailedAt,
            mailed_status: enums.application_status[plan.status],
            mailed_money: plan.approved === undefined ? null : kr(plan.approved),
            released_at: mailedAt,
            released_status: enums.application_status[plan.status],
            released_money: plan.approved === undefined ? null : kr(plan.approved),
          }),
          finished: decidedAt !== null,
          sent_in_at: sentInAt,
          decided_at: decidedAt,
          created_at: createdAt,
          updated_at: decidedAt ?? sentInAt ?? createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (storage) {
        for (const file of attachments) {
          const content = demoPdf(`${file.name} (demo)`);
          const stored = await trx
            .insertInto('application_files')
            .values({
              application_id: id,
              field_definition_id: file.questionId,
              name: file.name,
              mime: 'application/pdf',
              size: content.length,
              created_at: createdAt,
            })
            .returning('uuid')
            .executeTakeFirstOrThrow();
          await storage.write(stored.uuid, Readable.from([content]), 'application/pdf');
        }
      }
      if (plan.categories.length > 0) {
        await trx
          .insertInto('application_categories')
          .values(
            plan.categories.map((label) => {
              const categoryId = categoryIds.get(label);
              if (categoryId === undefined) throw new Error(`Unknown demo category ${label}`);
              return { application_id: id, category_id: categoryId };
            }),
          )
          .execute();
      }
    }
    return true;
  });
}

/** What the applicant filled in on the organisation, contact and consent steps (a draft has not got that far). */
function formDetails(plan: ApplicationPlan, sentIn: boolean) {
  const person = applicants.find((a) => a.key === plan.applicant)!;
  const org = organisations.find((o) => o.key === plan.organisation);
  return {
    step: sentIn ? 5 : 2,
    contact_first_name: person.first_name,
    contact_last_name: person.last_name,
    contact_email: person.email,
    contact_email_confirmation: person.email,
    contact_phone: person.phone,
    ...(sentIn ? { contact_address: person.address, contact_zip: person.zip, contact_city: person.city, consent: true } : {}),
    ...(org && sentIn
      ? {
          org_number: orgNumber(org.digits),
          org_name: org.name,
          organisation_type: org.type,
          org_address: org.address,
          org_co: org.co,
          org_zip: org.zip,
          org_city: org.city,
          org_website: org.website,
          links: [org.website],
        }
      : {}),
  };
}

/** A one-page PDF that says what it stands for, with a correct cross-reference table. */
function demoPdf(text: string): Buffer {
  const safe = text
    .replace(/[()\\]/g, '')
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '');
  const stream = `BT /F1 14 Tf 72 760 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** The number of staff users. */
export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
