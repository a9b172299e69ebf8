// The portal's English first texts, loaded when an applicant switches language: the same parts as in messages.ts.
export { attributes, enums, errors, portal, resources, validation } from '../../locales/en-US.json';
