import type { ApplicationPlan, Handling } from './applicationPlan.js';

/** Decided at the board's meeting in May, and mailed two days later. */
const decidedInMay: Pick<Handling, 'decided' | 'mailed'> = { decided: [5, 20], mailed: [5, 22] };

/** Last year's period, closed: every application decided and told but one, still under investigation. */
export const lastYearsApplications: ApplicationPlan[] = [
  {
    applied: { by: 'maria', for: 'if', as: 'organisation', type: 'forening', money: 60_000, goals: [3, 10], sent: [3, 14] },
    handled: { status: 'approved', ...decidedInMay, approved: 45_000, decisionGoals: [3] },
    categories: ['Barn och unga', 'Folkhälsa och rörelse', 'Luleå', 'Idrott och friluftsliv'],
    answers: { project: 'Sommarfotboll för alla', participants: 80, activity: 'Idrott', otherFunding: 'Ja' },
    freeText:
      'Avgiftsfria fotbollsträningar under sommarlovet för barn 7–12 år, med extra fokus på barn som inte redan är med i en förening. Vi behöver bidrag till ledararvoden, bollar och mellanmål.',
    file: 'budget-sommarfotboll.pdf',
  },
  {
    applied: { by: 'ahmed', for: null, as: 'contact_person', type: 'stipendium', money: 15_000, goals: [4, 10], sent: [4, 2] },
    handled: { status: 'approved', ...decidedInMay, approved: 15_000, decisionGoals: [4, 10] },
    categories: ['Nyanlända', 'Ökad delaktighet', 'Boden'],
    answers: { age: 21, role: 'Ungdomsledare i Bodens Schackklubb', usage: ['Ledarutbildning', 'Resor'], previous: 'Nej' },
    freeText: 'Jag leder en schackgrupp för nyanlända ungdomar och vill gå en ledarutbildning för att kunna starta en grupp till i höst.',
    file: 'rekommendation-ahmed.pdf',
  },
  {
    applied: { by: 'johan', for: 'kultur', as: 'both', type: 'forening', money: 120_000, goals: [4, 11], sent: [4, 28] },
    handled: { status: 'rejected', ...decidedInMay },
    categories: ['Kultur och skapande', 'Piteå', 'Kultur och kulturarv'],
    answers: { project: 'Ny ljudanläggning till Älvstrandsscenen', participants: 600, activity: 'Kultur', otherFunding: 'Nej' },
    freeText: 'Vi vill byta ut den gamla ljudanläggningen på vår utomhusscen så att vi kan arrangera fler konserter.',
    file: 'offert-ljud.pdf',
  },
  {
    applied: { by: 'lina', for: 'hembygd', as: 'organisation', type: 'forening', money: 80_000, goals: [11], sent: [4, 20] },
    handled: { status: 'ongoing' },
    categories: ['Äldre', 'Trygghet och gemenskap', 'Kalix', 'Kultur och kulturarv'],
    answers: { project: 'Renovering av hembygdsgårdens tak', participants: 150, activity: 'Social verksamhet', otherFunding: 'Ja' },
    freeText: 'Taket på hembygdsgården läcker och behöver läggas om innan vintern. Gården används för träffar för äldre i byn varje vecka.',
    file: 'budget-tak.pdf',
  },
  {
    applied: { by: 'elin', for: null, as: 'contact_person', type: 'stipendium', money: 20_000, goals: [4], sent: [2, 25] },
    handled: { status: 'rejected', ...decidedInMay },
    categories: ['Barn och unga', 'Överkalix'],
    answers: { age: 27, role: 'Scoutledare i Överkalix scoutkår', usage: ['Resor'], previous: 'Ja' },
    freeText: 'Jag vill delta i en internationell ledarkonferens för scoutledare.',
  },
  {
    applied: { by: 'elin', for: 'samfallighet', as: 'both', type: 'forening', money: 40_000, goals: [11, 15], sent: [3, 30] },
    handled: { status: 'approved', ...decidedInMay, approved: 30_000, decisionGoals: [15] },
    categories: ['Trygghet och gemenskap', 'Överkalix', 'Miljö och hållbarhet'],
    answers: { project: 'Ny brygga vid byns badplats', participants: 120, activity: 'Social verksamhet', otherFunding: 'Nej' },
    freeText: 'Den gamla bryggan vid badplatsen är murken. Vi vill bygga en ny, tillgänglig brygga som hela byn kan använda.',
  },
  {
    applied: { by: 'lina', for: 'bygg', as: 'organisation', type: 'forening', money: 90_000, goals: [8, 4], sent: [4, 10] },
    handled: { status: 'approved', ...decidedInMay, approved: 60_000, decisionGoals: [8] },
    categories: ['Barn och unga', 'Kalix', 'Utbildning och entreprenörskap'],
    answers: { project: 'Snickarskola för unga', participants: 40, activity: 'Annat', otherFunding: 'Ja' },
    freeText: 'En sommarskola där unga bygger en friggebod tillsammans med erfarna snickare, och lär sig ett yrke på köpet.',
  },
  {
    applied: { by: 'oliver', for: null, as: 'contact_person', type: 'stipendium', money: 10_000, goals: [4], sent: [4, 15] },
    handled: { status: 'approved', ...decidedInMay, approved: 10_000, decisionGoals: [4] },
    categories: ['Ökad delaktighet', 'Luleå'],
    answers: { age: 19, role: 'Ledare i Luleå Ungdomsorkester', usage: ['Ledarutbildning'], previous: 'Nej' },
    freeText: 'Jag vill gå en dirigentkurs för unga ledare så att orkestern kan starta en nybörjargrupp.',
  },
];
