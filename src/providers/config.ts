/** The API base: prefix plus version segment. */
export const API_PREFIX = '/api/v1';

/** The product name, written into the page's <meta name="application-name"> by the server (PRODUCT_NAME). */
export function productName(): string {
  const meta = typeof document === 'undefined' ? null : document.querySelector('meta[name="application-name"]');
  const name = meta?.getAttribute('content');
  return name && !name.includes('%') ? name : 'Ansökningsportalen';
}

/** A page's title: "<screen> – <product name>", or the product name alone. */
export function pageTitle(screen?: string | null): string {
  return screen ? `${screen} – ${productName()}` : productName();
}
