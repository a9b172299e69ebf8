import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enUS from '../../locales/en-US.json';
import svSE from '../../locales/sv-SE.json';
import { flatten, translate } from '../providers/translate';
import { MoneyInput, type MoneyInputProps } from './MoneyInput';

// No testing library in the project: react-dom and act directly.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

type Extra = Partial<Omit<MoneyInputProps, 'value' | 'onChange'>>;

type Locale = 'sv-SE' | 'en-US';
const phrases = { 'sv-SE': flatten(svSE), 'en-US': flatten(enUS) };
/** The app's translate in the given language, as both apps pass it. */
const translator = (locale: Locale) => (key: string, params?: Record<string, unknown>) => translate(phrases[locale], key, params);

/** The input held by a parent that keeps whatever it is told, as a form would, in a language that can change. */
function render(initial: number | null, { locale: initialLocale = 'sv-SE', ...props }: Extra = {}) {
  const onChange = vi.fn();
  let setOuter: (value: number | null) => void = () => {};
  let setOuterLocale: (locale: Locale) => void = () => {};
  function Parent() {
    const [value, setValue] = useState(initial);
    const [locale, setLocale] = useState(initialLocale as Locale);
    setOuter = setValue;
    setOuterLocale = setLocale;
    return (
      <MoneyInput
        label="Belopp"
        currencyLabel="kr"
        locale={locale}
        translate={translator(locale)}
        {...props}
        value={value}
        onChange={(ore) => {
          onChange(ore);
          setValue(ore);
        }}
      />
    );
  }
  act(() => root.render(<Parent />));
  const input = container.querySelector('input')!;
  return {
    input,
    onChange,
    helper: () => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
    setValue: (value: number | null) => act(() => setOuter(value)),
    setLocale: (locale: Locale) => act(() => setOuterLocale(locale)),
  };
}

const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;

/** What a keystroke or paste does to the field: a new value and an input event, unless keydown was refused. */
function type(input: HTMLInputElement, text: string) {
  act(() => {
    for (const key of text) {
      const keydown = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      if (!input.dispatchEvent(keydown)) continue;
      valueSetter.call(input, input.value + key);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
}

function paste(input: HTMLInputElement, text: string) {
  act(() => {
    valueSetter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function clear(input: HTMLInputElement) {
  paste(input, '');
}

const focus = (input: HTMLInputElement) => act(() => input.focus());
const blur = (input: HTMLInputElement) => act(() => input.blur());

describe('MoneyInput', () => {
  it('is a labelled decimal field showing the value the Swedish way, with the currency after it', () => {
    const { input, helper } = render(2500050, { helperText: 'Hela kronor', required: true });
    expect(input.value).toBe('25 000,50');
    expect(input.inputMode).toBe('decimal');
    expect(input.required).toBe(true);
    expect(container.querySelector(`label[for="${input.id}"]`)?.textContent).toContain('Belopp');
    expect(container.textContent).toContain('kr');
    expect(helper()).toBe('Hela kronor');
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it('shows the value the English way in English', () => {
    const { input } = render(2500050, { locale: 'en-US' });
    expect(input.value).toBe('25,000.50');
  });

  it('marks the field invalid when the parent says so', () => {
    const { input } = render(null, { error: true, helperText: 'Ange ett belopp' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('hands the parent every change as it is typed, reformatting only on blur', () => {
    const onBlur = vi.fn();
    const { input, onChange } = render(null, { onBlur });
    focus(input);
    type(input, '25000,5');
    expect(input.value).toBe('25000,5');
    expect(onChange).toHaveBeenLastCalledWith(2500050);
    // "25000," reads as 25000, already handed over: only changes are reported.
    expect(onChange.mock.calls.map(([ore]) => ore)).toEqual([200, 2500, 25000, 250000, 2500000, 2500050]);
    blur(input);
    expect(onChange).toHaveBeenCalledTimes(6);
    expect(onBlur).toHaveBeenCalledOnce();
    expect(input.value).toBe('25 000,50');
  });

  for (const [locale, shown] of [
    ['sv-SE', '25 000,00'],
    ['en-US', '25,000.00'],
  ] as const) {
    it(`reads 25000, 25 000, 25.000 and 25,000 as twenty-five thousand and shows it as ${shown} in ${locale}`, () => {
      for (const typed of ['25000', '25 000', '25.000', '25,000']) {
        const { input, onChange } = render(null, { locale });
        focus(input);
        paste(input, typed);
        blur(input);
        expect(onChange, typed).toHaveBeenLastCalledWith(2500000);
        expect(input.value, typed).toBe(shown);
        act(() => root.render(null));
      }
    });
  }

  it('keeps unclear text with the translated reason beside it, and hands the parent no amount', () => {
    const onInvalid = vi.fn();
    const { input, onChange, helper } = render(10000, { onInvalid, helperText: 'Skriv beloppet' });
    focus(input);
    paste(input, '1.2345');
    expect(onChange).toHaveBeenLastCalledWith(null);
    blur(input);
    expect(input.value).toBe('1.2345');
    const reason = '”1.2345” kan läsas som mer än ett belopp. Skriv t.ex. 25\u00A0000 eller 25\u00A0000,50.';
    expect(helper()).toBe(reason);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onInvalid).toHaveBeenLastCalledWith({ text: '1.2345', error: 'unclear' });

    // Still unclear while typing: the reason stays; readable again: it goes, and the amount is handed over.
    focus(input);
    paste(input, '1.23456');
    expect(helper()).toContain('1.23456');
    expect(onInvalid).toHaveBeenLastCalledWith({ text: '1.23456', error: 'unclear' });
    paste(input, '1.23');
    expect(helper()).toBe('Skriv beloppet');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(onInvalid).toHaveBeenLastCalledWith(null);
    expect(onChange).toHaveBeenLastCalledWith(123);
    blur(input);
    expect(input.value).toBe('1,23');
  });

  it('gives the reason in English in English', () => {
    const { input, helper } = render(null, { locale: 'en-US', label: 'Amount' });
    focus(input);
    paste(input, '1,2345');
    blur(input);
    expect(helper()).toBe('“1,2345” could be read as more than one amount. Write it as e.g. 25,000 or 25,000.50.');
    focus(input);
    paste(input, 'abc');
    blur(input);
    expect(helper()).toBe('The amount must be a number.');
  });

  it('rewords the reason when the language changes', () => {
    const { input, helper, setLocale } = render(null);
    focus(input);
    paste(input, '1.2345');
    blur(input);
    setLocale('en-US');
    expect(helper()).toBe('“1.2345” could be read as more than one amount. Write it as e.g. 25,000 or 25,000.50.');
    expect(input.value).toBe('1.2345');
  });

  it('shows unreadable text its parent kept again, with the reason, when it comes back', () => {
    const onInvalid = vi.fn();
    const { input, helper, onChange } = render(null, { keptText: '25,0000', onInvalid });
    expect(input.value).toBe('25,0000');
    expect(helper()).toBe('”25,0000” kan läsas som mer än ett belopp. Skriv t.ex. 25\u00A0000 eller 25\u00A0000,50.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onInvalid).not.toHaveBeenCalled();
    focus(input);
    paste(input, '25,000');
    expect(onInvalid).toHaveBeenLastCalledWith(null);
    expect(onChange).toHaveBeenLastCalledWith(2500000);
  });

  it('says when the text is not a number at all', () => {
    const { input, onChange, helper } = render(null);
    focus(input);
    type(input, '12a');
    blur(input);
    expect(input.value).toBe('12a');
    expect(helper()).toBe('Fältet belopp måste vara ett tal.');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('reports null when emptied', () => {
    const { input, onChange } = render(10000);
    focus(input);
    clear(input);
    blur(input);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null);
    expect(input.value).toBe('');
  });

  it('does not report or reformat a value left as it was', () => {
    const { input, onChange } = render(2500049, { precision: 0 });
    expect(input.value).toBe('25 000');
    focus(input);
    blur(input);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('ignores a typed minus when negatives are not allowed', () => {
    const { input, onChange } = render(null, { allowNegative: false });
    focus(input);
    type(input, '-500');
    expect(input.value).toBe('500');
    const minus = new KeyboardEvent('keydown', { key: '-', bubbles: true, cancelable: true });
    act(() => {
      input.dispatchEvent(minus);
    });
    expect(minus.defaultPrevented).toBe(true);
    // Pasted text and keyboards that send no key are filtered as they arrive.
    paste(input, '-700');
    expect(input.value).toBe('700');
    blur(input);
    expect(onChange).toHaveBeenLastCalledWith(70000);
  });

  it('accepts a minus by default', () => {
    const { input, onChange } = render(null);
    focus(input);
    type(input, '-500');
    blur(input);
    expect(onChange).toHaveBeenLastCalledWith(-50000);
    expect(input.value).toBe('-500,00');
  });

  it('clamps to max and says so beside the field', () => {
    const onClamped = vi.fn();
    const { input, onChange, helper } = render(null, { min: 0, max: 100_000_000_00, onClamped });
    focus(input);
    paste(input, '200 000 000');
    expect(onChange).toHaveBeenLastCalledWith(100_000_000_00);
    blur(input);
    expect(onClamped).toHaveBeenCalledExactlyOnceWith(100_000_000_00);
    expect(input.value).toBe('100 000 000,00');
    expect(helper()).toBe('Beloppet har justerats till 100\u00A0000\u00A0000,00\u00A0kr.');
    // Typing again takes the note away.
    focus(input);
    paste(input, '5');
    expect(helper()).toBe('');
  });

  it('clamps to min and says so', () => {
    const onClamped = vi.fn();
    const { input, onChange } = render(null, { min: 10000, onClamped });
    focus(input);
    type(input, '5');
    blur(input);
    expect(onChange).toHaveBeenLastCalledWith(10000);
    expect(onClamped).toHaveBeenCalledExactlyOnceWith(10000);
  });

  it('follows a new value from outside when not focused, dropping kept unreadable text', () => {
    const onInvalid = vi.fn();
    const { input, setValue } = render(100, { onInvalid });
    setValue(2500050);
    expect(input.value).toBe('25 000,50');

    focus(input);
    clear(input);
    type(input, 'abc');
    blur(input);
    expect(onInvalid).toHaveBeenLastCalledWith({ text: 'abc', error: 'number' });
    setValue(300);
    expect(input.value).toBe('3,00');
    expect(onInvalid).toHaveBeenLastCalledWith(null);
  });

  it('does not replace what is being typed when the value changes from outside', () => {
    const { input, setValue } = render(100);
    focus(input);
    clear(input);
    type(input, '42');
    setValue(300);
    expect(input.value).toBe('42');
  });
});
