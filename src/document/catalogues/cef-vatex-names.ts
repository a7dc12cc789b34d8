import names from './cef-vatex-names.data.json';

/**
 * What each `cef-vatex` code stands for, as the CEF code list names it in English: cef-vatex-names.data.json,
 * written by scripts/generate-catalogues.js from GOBL's data.
 */
export const CEF_VATEX_NAMES: Readonly<Record<string, string>> = names;
