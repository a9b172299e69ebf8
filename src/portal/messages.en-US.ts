// The portal's English texts, loaded when an applicant switches language: the same parts as in messages.ts.
export { attributes, auth, data_export, enums, errors, portal, resources, validation } from '../../locales/en-US.json';
