// A phone's width for component tests. Imported only by tests.

/** Phone: MUI's media queries ask matchMedia, which jsdom lacks; every max-width query matches. */
export function setPhone() {
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/** Back to jsdom's window without media queries, which MUI reads as a screen. */
export function unsetPhone() {
  Reflect.deleteProperty(window, 'matchMedia');
}
