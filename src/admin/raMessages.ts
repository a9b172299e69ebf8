/** react-admin's own messages per language: ours in Swedish (no package exists), the English package for en-US. */
export const raMessages = {
  'sv-SE': async () => (await import('../../locales/ra-language-swedish')).default,
  'en-US': async () => (await import('ra-language-english')).default,
};
