// The portal's later texts in Swedish (textParts.ts), loaded with the pages that show them: the build keeps
// only those of this import (vite.config.ts).
export { data_export, portal } from '../../locales/sv-SE.json';
