import type { RJSFSchema, ValidatorType } from '@rjsf/utils';

/**
 * The form library's validator, left to the service: every document is checked by the build route as one types
 * (GOBL's rules, which a JSON Schema cannot say), and its faults are placed at their fields. A schema validator
 * in the page would compile code at run time, which the console's Content-Security-Policy rightly refuses.
 */
export const serviceValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  // The schemas have no oneOf or anyOf: the library asks only to choose among those.
  isValid: (_schema: RJSFSchema) => true,
  rawValidation: () => ({ errors: [] }),
};
