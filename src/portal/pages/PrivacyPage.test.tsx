import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useI18n } from '../../components/i18n';
import { createI18nProvider } from '../../providers/i18nProvider';
import { http } from '../providers';
import PrivacyPage from './PrivacyPage';
import { waitFor } from '../../components/testing/dom';
import { mountInPortal, unmountPortal } from '../testing/mountInPortal';

const notices: Record<string, string> = {
  'sv-SE': 'Stiftelsen är personuppgiftsansvarig.\n\nVad vi sparar: <b>ditt namn</b>\noch din e-postadress.\n\n\n\nDina rättigheter.',
  'en-US': 'The foundation is the controller.\n\nYour rights.',
};

let container: HTMLElement | null = null;
afterEach(() => {
  unmountPortal();
  vi.restoreAllMocks();
});

/** The language switch, as the portal's header offers it. */
function English() {
  const { changeLocale } = useI18n();
  return <button onClick={() => void changeLocale('en-US')}>English</button>;
}

const paragraphs = () => [...container!.querySelectorAll('p')].map((p) => p.textContent);

describe('the privacy notice page', { timeout: 20_000 }, () => {
  it('shows each block of the text as a paragraph, as text, and again in the language chosen', async () => {
    const i18nProvider = await createI18nProvider();
    await i18nProvider.changeLocale('sv-SE');
    // The notice in the language the client asks for (the client sends the chosen one).
    const get = vi.spyOn(http, 'get').mockImplementation(async () => {
      const locale = i18nProvider.getLocale();
      return { data: { data: { locale, body: notices[locale] } }, status: 200, headers: {} };
    });
    container = await mountInPortal(
      <>
        <English />
        <PrivacyPage />
      </>,
      i18nProvider,
    );
    await waitFor(() => paragraphs().length > 0, 'the notice');
    expect(container.querySelector('h1')!.textContent).toBe('Integritetspolicy');
    expect(document.title).toMatch(/^Integritetspolicy/);
    expect(paragraphs()).toEqual([
      'Stiftelsen är personuppgiftsansvarig.',
      'Vad vi sparar: <b>ditt namn</b>\noch din e-postadress.',
      'Dina rättigheter.',
    ]);
    expect(container.querySelector('b')).toBeNull();
    expect(get).toHaveBeenCalledWith('/privacy-notice');

    await act(async () => container!.querySelector('button')!.click());
    await waitFor(() => paragraphs()[0] === 'The foundation is the controller.', 'the English notice');
    expect(container.querySelector('h1')!.textContent).toBe('Privacy notice');
    expect(paragraphs()).toEqual(['The foundation is the controller.', 'Your rights.']);
    expect(container.querySelector('[lang="en-US"]')).not.toBeNull();
  });
});
