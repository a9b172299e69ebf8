import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enums } from '../../../resources/enums';
import type { StaffDataProvider } from '../../providers/dataProvider';
import type { StaffApplication } from '../../providers/staffMethods';
import { buttonNamed as button, pageText as text, waitFor } from '../../components/testing/dom';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { ApplicationDetails } from './ApplicationDetails';

// What staff read of an application: everything the applicant sent, step by step in the order of the form, with
// every file; and the whole of it as a PDF.

const uuid = 'app-1';
const file = (id: string, name: string, question: number | null, size = 2048) => ({
  uuid: id,
  name,
  size,
  mime: 'application/pdf',
  field_definition_id: question,
  created_at: '2026-03-01T10:00:00Z',
});
const full = {
  id: 1,
  uuid,
  reference: '2026-0042',
  status: enums.application_status.received,
  step: 5,
  applicant: { id: 3, name: 'Lina Öberg', email: 'lina@example.se' },
  period: { id: 1, uuid: 'p1', name: 'Våren 2026' },
  application_type: { id: 2, label: 'Bygdeprojekt' },
  period_id: 1,
  application_type_id: 2,
  applicant_type: enums.applicant_type.both,
  money: 25_000_00,
  questions: [
    { id: 11, label: 'Projektets namn', type: enums.field_type.text, required: true, options: [] },
    { id: 12, label: 'Vilka når ni', type: enums.field_type.checkbox, required: false, options: ['Barn', 'Unga', 'Äldre'] },
    { id: 13, label: 'Budget som fil', type: enums.field_type.media, required: false, options: [] },
    { id: 14, label: 'Övrigt', type: enums.field_type.textarea, required: false, options: [] },
  ],
  definitions: { 11: 'Bygdens röster', 12: ['Barn', 'Äldre'] },
  category_ids: [5, 6],
  categories: [
    { id: 5, label: 'Barn och unga', type: enums.category_type.target_group },
    { id: 6, label: 'Kultur', type: enums.category_type.focus_area },
  ],
  global_goals: [enums.global_goal.quality_education],
  org_number: '802415-3978',
  org_name: 'Föreningen Bygdekraft',
  organisation_type: enums.organisation_type.association,
  org_address: 'Storgatan 7',
  org_co: null,
  org_zip: '961 31',
  org_city: 'Boden',
  org_website: 'https://bygdekraft.example.se',
  contact_first_name: 'Ylva',
  contact_last_name: 'Ystadsdotter',
  contact_email: 'ylva@example.se',
  contact_email_confirmation: 'ylva@example.se',
  contact_phone: '070-123 45 67',
  contact_address: 'Bergsvägen 3',
  contact_zip: '972 31',
  contact_city: 'Luleå',
  links: ['https://film.example.se/1', 'https://artikel.example.se/2'],
  consent: true,
  files: [file('f-budget', 'budget.pdf', 13), file('f-plan', 'verksamhetsplan.pdf', null, 3 * 1024 * 1024)],
  approved_money: null,
  sent_in_at: '2026-03-01T10:00:00Z',
  progress: { unread_messages: false },
} as unknown as StaffApplication;

/** Label and answer pairs as the page lists them, in order ("Label: answer"). */
const answers = () =>
  [...document.querySelectorAll('dt')].map(
    (dt) => `${dt.textContent}: ${(dt.nextElementSibling?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')}`,
  );
const headings = () => [...document.querySelectorAll('h3')].map((h) => h.textContent);

const pending = () => new Promise<never>(() => {});

afterEach(() => {
  unmountAdmin();
  vi.restoreAllMocks();
});

describe('the application as staff read it', { timeout: 30_000 }, () => {
  it('shows every answer and every file under the form’s steps, in the form’s order, "–" where none was given', async () => {
    await mountInAdmin(<ApplicationDetails data={full} mode="read" />, {} as StaffDataProvider);
    await waitFor(() => text().includes('Länkar, filer och samtycke'), 'the last step');
    expect(headings()).toEqual(['Ansökan och belopp', 'Frågor', 'Organisation', 'Kontaktuppgifter', 'Länkar, filer och samtycke']);
    expect(answers()).toEqual([
      'Sökande: Lina Öberg',
      'Status: Obehandlad',
      'Beviljat belopp: –',
      'Inskickad: 1 mars 2026',
      // 1. The period and the amount.
      'Ansökningsperiod: Våren 2026',
      'Ansökningstyp: Bygdeprojekt',
      'Typ av sökande: Båda',
      'Sökt belopp: 25 000 kr',
      // 2. The type's questions, the categories and the goals.
      'Projektets namn: Bygdens röster',
      'Vilka når ni: Barn, Äldre',
      'Budget som fil: budget.pdf (2 kB)',
      'Övrigt: –',
      'Kategorier: Målgrupp: Barn och unga\nFokusområde: Kultur',
      'Globala mål: 4. God utbildning för alla',
      // 3. The organisation.
      'Organisationsnummer: 802415-3978',
      'Organisationens namn: Föreningen Bygdekraft',
      'Organisationsform: Förening',
      'Utdelningsadress: Storgatan 7',
      'c/o: –',
      'Postnummer: 961 31',
      'Ort: Boden',
      'Webbplats: https://bygdekraft.example.se',
      // 4. The contact person (the e-mail's repetition is no answer of its own).
      'Förnamn: Ylva',
      'Efternamn: Ystadsdotter',
      'E-postadress: ylva@example.se',
      'Telefonnummer: 070-123 45 67',
      'Utdelningsadress: Bergsvägen 3',
      'Postnummer: 972 31',
      'Ort: Luleå',
      // 5. Links, the attachments, consent.
      'Länkar: https://film.example.se/1https://artikel.example.se/2',
      'Bilagor: verksamhetsplan.pdf (3 MB)',
      'Samtycke: Ja',
    ]);
    // A board member's reading names the files without linking them, and has no PDF of its own.
    expect(document.querySelector('a[href*="/files/"]')).toBeNull();
    expect(button('Ladda ner som PDF')).toBeUndefined();
  });

  it('says why the organisation step is empty for one who applies as a contact person', async () => {
    const person = { ...full, applicant_type: enums.applicant_type.contact_person } as StaffApplication;
    await mountInAdmin(<ApplicationDetails data={person} mode="read" />, {} as StaffDataProvider);
    await waitFor(() => text().includes('Frågas bara den som söker som eller med en organisation.'), 'the note');
    expect(answers().some((a) => a.startsWith('Organisationsnummer'))).toBe(false);
  });

  it('links every file for download and downloads the whole application as a PDF', async () => {
    const getApplicationPdf = vi.fn(async () => ({ file: new Blob(['%PDF']), name: 'ansokan-2026-0042.pdf' }));
    URL.createObjectURL = vi.fn(() => 'blob:ansokan');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await mountInAdmin(<ApplicationDetails data={full} mode="investigate" />, {
      getApplicationPdf,
      getInvestigations: pending,
      getHistory: pending,
    } as unknown as StaffDataProvider);
    await waitFor(() => !!button('Ladda ner som PDF'), 'the PDF button');
    const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href*="/files/"]')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['budget.pdf', '/api/v1/applications/app-1/files/f-budget'],
      ['verksamhetsplan.pdf', '/api/v1/applications/app-1/files/f-plan'],
    ]);
    const web = [...document.querySelectorAll<HTMLAnchorElement>('a[target="_blank"]')].map((a) => a.getAttribute('href'));
    expect(web).toEqual(['https://bygdekraft.example.se', 'https://film.example.se/1', 'https://artikel.example.se/2']);

    await act(async () => button('Ladda ner som PDF')!.click());
    await waitFor(() => saved.length > 0, 'the download');
    expect(getApplicationPdf).toHaveBeenCalledWith(uuid);
    expect(saved).toEqual(['ansokan-2026-0042.pdf']);
  });
});
