import { act } from 'react';

// The component tests render with react-dom and act directly (no testing library): these are the few things each
// needs, in one place. Imported only by tests.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The page's text, the narrow and no-break spaces of formatted numbers and dates read as plain spaces. */
export const pageText = () => (document.body.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

/**
 * Waits, letting React work, until `condition` holds; after `ms` (5 s unless told) fails, saying what it waited for and
 * what the page says.
 */
export async function waitFor(condition: () => boolean, what: string, ms = 5000) {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > ms) throw new Error(`timed out waiting for ${what}: ${pageText()}`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}

/** The button whose text is `name`, if the page shows one. */
export const buttonNamed = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name);

/** Types into a React-controlled field as a person would: the value through the element's own setter, then the event. */
export async function typeInto(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
