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
  filterTextTooLong: 'This filter is too long (100 characters at most).',
  filterNumber: 'Enter a whole number of 0 or more.',
  filterPriceTooHigh: 'Enter a price of at most $10,000,000.',
  filterZip: 'Enter a 5-digit ZIP code.',
  filterState: 'Enter a 2-letter state code, for example NY.',
  filterCategory: 'Choose Cars, Plates or All.',
  filterYear: 'Enter a year from 1980 to next year.',
  filterMake: 'Choose a make from the list.',
  filterModel: 'Choose a model from the list.',
  filterPage: 'The page number must be between 1 and 50,000.',
  filterPageSize: 'The page size must be between 1 and 100.',
  filterPriceRange: 'The minimum price cannot be more than the maximum price.',
  filterYearRange: 'The minimum year cannot be after the maximum year.',
  listingNotFound: 'This listing does not exist or is not available.',
  listingStatusInvalid: 'The status can only be Active or Deactivated.',
  locationQueryRequired: 'Enter a ZIP code or a city name.',
  vinLength: 'A VIN has 17 letters and digits.',
  vinCharacters: 'A VIN uses digits and letters except I, O and Q.',
  vinCheckDigit: 'This VIN is not valid: its check digit does not match. Check it for typos.',
  listingCategoryRequired: 'Category not selected',
  listingLocationRequired: 'Location not entered',
  listingEmailInvalid: 'Incorrect email',
  listingPhoneInvalid: 'Enter the phone as (123) 456-7890, or leave it empty.',
  listingTitleRequired: 'Listing title is not entered',
  listingTitleTooLong: 'The title can be at most 120 characters.',
  listingDescriptionTooLong: 'The description can be at most 5000 characters.',
  listingPriceRequired: 'Listing price is not entered',
  listingPriceTooHigh: 'The price can be at most $1,000,000.',
  listingPeriodRequired: 'Listing payment period is not entered',
  listingMakeRequired: 'Make is not entered',
  listingModelRequired: 'Model is not entered',
  listingYearRequired: 'Year is not entered',
  listingNumberInvalid: 'Enter a whole number.',
  listingPlateInvalid: 'A plate number has up to 10 letters and digits.',
  listingStepInvalid: 'Save step 1 or step 2 of the listing.',
  imagesInvalid: 'The pictures could not be read. Add them again.',
  imagesTooMany: 'A listing can have at most 9 pictures.',
  imageTooLarge: 'Each picture can be at most 10 MB.',
  rejectReasonRequired: 'Tell the owner what to fix (at least 5 characters).',
  rejectReasonTooLong: 'The reason can be at most 1000 characters.',
  reportIssueRequired: 'Please select at least one issue or enter other issue',
  reportOtherTooLong: 'Please keep the description under 1000 characters.',
  attemptEmpty: 'Answer at least one question before finishing.',
  attemptTooLong: 'An exam has at most 80 questions.',
  examTextRequired: 'Fill in this text in English and in Russian.',
  examTextTooLong: 'This text is too long.',
  examFourAnswers: 'A question has exactly 4 answers.',
  examOneCorrect: 'Mark exactly one answer as correct.',
  promoCodeFormat: 'A promo code has 6 letters or digits.',
  promoDiscountRange: 'The discount must be between $0.01 and $20.00.',
  promoExpiryInvalid: 'Enter a valid expiry date.',
  promoMaxInvalid: 'Enter a whole number of uses, or leave it empty for no limit.',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return Object.prototype.hasOwnProperty.call(VALIDATION_MESSAGES, value);
}

/** English text for a key; unknown strings (already texts) pass through. */
export function validationText(keyOrText: string): string {
  return isValidationMessageKey(keyOrText) ? VALIDATION_MESSAGES[keyOrText] : keyOrText;
}
