/**
 * Validation messages shared by the API and the web app.
 * Schemas use the key as the zod message; the web translates the key (locales: validation.<key>),
 * the API answers with the English text below.
 */
export const VALIDATION_MESSAGES = {
  nameRequired: 'Please enter your name.',
  nameMin: 'Name must be at least 2 characters.',
  nameMax: 'Name must be at most 100 characters.',
  emailRequired: 'Please enter your e-mail.',
  emailInvalid: 'Please enter a valid e-mail address.',
  messageRequired: 'Please enter your message.',
  messageMax: 'Message must be at most 5000 characters.',
  emailFormat: 'Invalid Email',
  passwordRule: 'Password should contain numbers, upper and lower characters.',
  passwordRequired: 'PASSWORD parameter is required',
  newPasswordRequired: 'New password is required',
  codeInvalid: 'Invalid Confirmation Code',
  statusInvalid: 'Only the status CONFIRMED can be set.',
  cardNumberInvalid: 'Enter a valid card number.',
  cardExpiryInvalid: 'Enter the expiry month and year.',
  cardCvcInvalid: 'Enter the 3 or 4 digit security code.',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return Object.prototype.hasOwnProperty.call(VALIDATION_MESSAGES, value);
}

/** English text for a key; unknown strings (already texts) pass through. */
export function validationText(keyOrText: string): string {
  return isValidationMessageKey(keyOrText) ? VALIDATION_MESSAGES[keyOrText] : keyOrText;
}
