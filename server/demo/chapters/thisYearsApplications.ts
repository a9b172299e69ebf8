import type { ApplicationPlan } from './applicationPlan.js';

/**
 * This year's period, open (days count back from today): two drafts, applications received or under investigation,
 * and three decided early, one of them told.
 */
export const thisYearsApplications: ApplicationPlan[] = [
  {
    applied: { by: 'maria', for: 'if', as: 'organisation', type: 'forening', money: 30_000, goals: [3] },
    categories: [],
    answers: { project: 'Vinterträning i hallen', activity: 'Idrott' },
  },
  {
    applied: { by: 'oliver', for: null, as: 'contact_person', type: 'stipendium', money: null, goals: [] },
    categories: [],
    answers: { age: 19, role: 'Assistant coach, Luleå basketball club' },
  },
  {
    applied: { by: 'johan', for: 'kultur', as: 'organisation', type: 'forening', money: 50_000, goals: [4, 10], sent: 3 },
    categories: ['Barn och unga', 'Kultur och skapande', 'Piteå'],
    answers: { project: 'Teaterskola på lovet', participants: 35, activity: 'Kultur', otherFunding: 'Nej' },
    freeText: 'En veckas teaterskola under höstlovet som avslutas med en föreställning för familjerna.',
    file: 'budget-teaterskola.pdf',
  },
  {
    applied: { by: 'ahmed', for: 'if', as: 'both', type: 'stipendium', money: 12_000, goals: [4, 5], sent: 5 },
    categories: ['Nyanlända', 'Luleå'],
    answers: { age: 22, role: 'Tränare för flicklaget i Norrbygdens IF', usage: ['Ledarutbildning', 'Kurser och läger'], previous: 'Ja' },
    freeText: 'Jag vill gå tränarutbildningen steg 2 för att kunna ta ansvar för fler lag i föreningen.',
    file: 'intyg-ordforande.pdf',
  },
  {
    applied: { by: 'lina', for: 'bygg', as: 'organisation', type: 'forening', money: 75_000, goals: [8, 4], sent: 1 },
    categories: ['Barn och unga', 'Boden', 'Utbildning och entreprenörskap'],
    answers: { project: 'Prova på snickeri', participants: 40, activity: 'Annat', otherFunding: 'Ja' },
    freeText: 'Vi vill låta högstadieelever prova på hantverksyrken i vår verkstad under tio eftermiddagar.',
    file: 'budget-prova-pa.pdf',
  },
  {
    applied: { by: 'elin', for: 'samfallighet', as: 'both', type: 'forening', money: 40_000, goals: [11, 13, 15], sent: 20 },
    handled: { status: 'ongoing' },
    categories: ['Trygghet och gemenskap', 'Överkalix', 'Miljö och hållbarhet'],
    answers: { project: 'Belysning längs byns motionsslinga', participants: 250, activity: 'Friluftsliv', otherFunding: 'Nej' },
    freeText: 'Energisnål LED-belysning längs den tre kilometer långa slingan så att den kan användas även under den mörka årstiden.',
    file: 'offert-belysning.pdf',
  },
  {
    applied: { by: 'elin', for: null, as: 'contact_person', type: 'stipendium', money: 18_000, goals: [4, 5], sent: 18 },
    handled: { status: 'ongoing' },
    categories: ['Barn och unga', 'Kalix'],
    answers: { age: 24, role: 'Ledare för ungdomsgruppen i Kalix Kanotklubb', usage: ['Ledarutbildning', 'Utrustning'], previous: 'Nej' },
    freeText: 'Jag vill utbilda mig till paddelinstruktör och kunna erbjuda säkra turer för ungdomar.',
  },
  {
    applied: { by: 'maria', for: 'if', as: 'organisation', type: 'forening', money: 25_000, goals: [3, 5], sent: 25 },
    handled: { status: 'approved', decided: 4, mailed: 3, approved: 20_000 },
    categories: ['Barn och unga', 'Folkhälsa och rörelse', 'Luleå'],
    answers: { project: 'Skidskola för nybörjare', participants: 45, activity: 'Friluftsliv', otherFunding: 'Nej' },
    freeText: 'Skidskola på helgerna för barn som aldrig har stått på skidor, med lånade skidor från föreningens utrustningsbank.',
    file: 'budget-skidskola.pdf',
  },
  {
    applied: { by: 'johan', for: 'hembygd', as: 'both', type: 'forening', money: 200_000, goals: [11], sent: 27 },
    handled: { status: 'rejected', decided: 4 },
    categories: ['Kalix', 'Kultur och kulturarv'],
    answers: { project: 'Nybyggnad av föreningslokal', participants: 300, activity: 'Kultur', otherFunding: 'Nej' },
    freeText: 'Vi vill bygga en ny samlingslokal vid hembygdsgården.',
  },
  {
    applied: { by: 'lina', for: 'kultur', as: 'both', type: 'stipendium', money: 15_000, goals: [4, 5, 10], sent: 22 },
    handled: { status: 'approved', decided: 4, approved: 15_000 },
    categories: ['Barn och unga', 'Kultur och skapande', 'Piteå'],
    answers: { age: 23, role: 'Körledare för barnkören i Kulturföreningen Älvstranden', usage: ['Kurser och läger'], previous: 'Nej' },
    freeText: 'Stipendiet ska bekosta en körledarkurs i sommar så att jag kan starta en kör för yngre barn.',
    file: 'rekommendation-lina.pdf',
  },
];
