import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

/** The input held by a parent that keeps whatever it is told, as a form would. */
function render(initial: number | null, props: Extra = {}) {
  const onChange = vi.fn();
  let setOuter: (value: number | null) => void = () => {};
  function Parent() {
    const [value, setValue] = useState(initial);
    setOuter = setValue;
    return (
      <MoneyInput
        label="Belopp"
        currencyLabel="kr"
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
  return { input, onChange, setValue: (value: number | null) => act(() => setOuter(value)) };
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
  it('is a labelled decimal field showing the value formatted, with the currency after it', () => {
    render(2500050, { helperText: 'Hela kronor', required: true });
    const input = container.querySelector('input')!;
    expect(input.value).toBe('25,000.50');
    expect(input.inputMode).toBe('decimal');
    expect(input.required).toBe(true);
    expect(container.querySelector(`label[for="${input.id}"]`)?.textContent).toContain('Belopp');
    expect(container.textContent).toContain('kr');
    const helper = document.getElementById(input.getAttribute('aria-describedby')!);
    expect(helper?.textContent).toBe('Hela kronor');
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it('marks the field invalid when the parent says so', () => {
    const { input } = render(null, { error: true, helperText: 'Ange ett belopp' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps what is typed while focused, then reports öre on blur and shows them formatted', () => {
    const onBlur = vi.fn();
    const { input, onChange } = render(null, { onBlur });
    focus(input);
    type(input, '25000,5');
    expect(input.value).toBe('25000,5');
    expect(onChange).not.toHaveBeenCalled();
    blur(input);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(2500050);
    expect(onBlur).toHaveBeenCalledOnce();
    expect(input.value).toBe('25,000.50');
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
    expect(input.value).toBe('25,000');
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
    act(() => input.dispatchEvent(minus));
    expect(minus.defaultPrevented).toBe(true);
    // Pasted text and keyboards that send no key are filtered as they arrive.
    paste(input, '-700');
    expect(input.value).toBe('700');
    blur(input);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(70000);
  });

  it('accepts a minus by default', () => {
    const { input, onChange } = render(null);
    focus(input);
    type(input, '-500');
    blur(input);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(-50000);
    expect(input.value).toBe('-500.00');
  });

  it('clamps to max and says so', () => {
    const onClamped = vi.fn();
    const { input, onChange } = render(null, { min: 0, max: 100_000_000_00, onClamped });
    focus(input);
    type(input, '200 000 000');
    blur(input);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(100_000_000_00);
    expect(onClamped).toHaveBeenCalledExactlyOnceWith(100_000_000_00);
    expect(input.value).toBe('100,000,000.00');
  });

  it('clamps to min and says so', () => {
    const onClamped = vi.fn();
    const { input, onChange } = render(null, { min: 10000, onClamped });
    focus(input);
    type(input, '5');
    blur(input);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(10000);
    expect(onClamped).toHaveBeenCalledExactlyOnceWith(10000);
  });

  it('keeps unparseable text, reports nothing new and tells the parent it is invalid', () => {
    const onInvalid = vi.fn();
    const { input, onChange } = render(10000, { onInvalid });
    focus(input);
    clear(input);
    type(input, '1.2.3');
    blur(input);
    expect(onInvalid).toHaveBeenLastCalledWith(true);
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe('1.2.3');

    focus(input);
    clear(input);
    type(input, '12');
    blur(input);
    expect(onInvalid).toHaveBeenLastCalledWith(false);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(1200);
    expect(input.value).toBe('12.00');
  });

  it('follows a new value from outside when not focused, dropping kept invalid text', () => {
    const onInvalid = vi.fn();
    const { input, setValue } = render(100, { onInvalid });
    setValue(2500050);
    expect(input.value).toBe('25,000.50');

    focus(input);
    clear(input);
    type(input, 'abc');
    blur(input);
    expect(onInvalid).toHaveBeenLastCalledWith(true);
    setValue(300);
    expect(input.value).toBe('3.00');
    expect(onInvalid).toHaveBeenLastCalledWith(false);
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
