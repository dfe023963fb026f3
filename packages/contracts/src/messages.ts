/**
 * The one catalogue of the messages the API answers with and the web shows, kept free of zod so the
 * web can import it cheaply. A message is identified by its key, never by its text: the API sends
 * {key, params, message} (message = the English text below with the params filled in, for non-web
 * clients and logs), the web translates the key (locales: common.json → messages.<key>, which a test
 * keeps complete in both languages with the same placeholders).
 *
 * Keys of field problems (zod messages of the contracts' schemas) are plain names (`nameRequired`);
 * every other key is `<domain>.<name>`. A `{{name}}` in a text is a parameter, filled in by
 * formatMessage(); its names are part of the key's type, so a call that omits one does not compile.
 */
export const MESSAGES = {
  // Field problems: the contracts' zod schemas use these keys as their messages.
  nameRequired: 'Please enter your name.',
  nameMin: 'Name must be at least 2 characters.',
  nameMax: 'Name must be at most 100 characters.',
  emailRequired: 'Please enter your e-mail.',
  emailInvalid: 'Please enter a valid e-mail address.',
  messageRequired: 'Please enter your message.',
  messageMax: 'Message must be at most 5000 characters.',
  emailFormat: 'Invalid Email',
  passwordRule: 'Password should contain numbers, upper and lower characters.',
  passwordCommon: 'This password is one of the most common ones and easy to guess. Choose another.',
  passwordRequired: 'PASSWORD parameter is required',
  newPasswordRequired: 'New password is required',
  codeInvalid: 'Invalid Confirmation Code',
  statusInvalid: 'Only the status CONFIRMED can be set.',
  sessionIdInvalid: 'This is not a signed-in browser of your account.',
  passkeyIdInvalid: 'This is not a passkey of your account.',
  passkeyNameMax: 'A passkey name can be at most 60 characters.',
  passkeyResponseInvalid: 'The answer of your passkey could not be read. Please try again.',
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
  filterPageTooDeep: 'Only the first 10,000 listings of a search can be shown. Narrow it with the filters.',
  filterCursor: 'This page link is no longer valid. Go back to the first page of the search.',
  filterPriceRange: 'The minimum price cannot be more than the maximum price.',
  filterYearRange: 'The minimum year cannot be after the maximum year.',
  filterDealType: 'Choose Rent, Buy or All.',
  filterPricePeriod: 'Choose a price per week or per month.',
  filterSort: 'Sort by newest, price (low to high or high to low) or year.',
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
  listingDealTypeRequired: 'Choose whether the listing is for rent or for sale',
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
  runPosition: 'The position must be a whole number from 0 to 80.',
  examTextRequired: 'Fill in this text in English and in Russian.',
  examTextTooLong: 'This text is too long.',
  examFourAnswers: 'A question has exactly 4 answers.',
  examOneCorrect: 'Mark exactly one answer as correct.',
  examMapInvalid: 'The map of this question is not valid: each letter or number once, places around New York City.',
  examModeInvalid: 'Choose exam, topic or review.',
  examTimedMinutesRange: 'Enter a whole number of minutes from 1 to 240.',
  promoCodeFormat: 'A promo code has 6 letters or digits.',
  promoDiscountRange: 'The discount must be between $0.01 and $20.00.',
  promoExpiryInvalid: 'Enter a valid expiry date.',
  promoMaxInvalid: 'Enter a whole number of uses, or leave it empty for no limit.',
  cartQuantityInvalid: 'The quantity must be a whole number from 1 to 99.',
  productNotFound: 'This product does not exist or is no longer sold.',
  cartItemNotFound: 'This item is not in your cart.',
  cartNothingSelected: 'Please select product to buy',
  shippingRequired: 'Please fill out Shipping Details',
  shippingZipInvalid: 'Enter a 5-digit ZIP code.',
  shippingNameRequired: 'Enter the full name of the person who receives the order.',
  shippingAddressRequired: 'Enter the street address.',
  shippingCityRequired: 'Enter the city.',
  shippingStateInvalid: 'Choose a US state from the list.',
  shippingFieldTooLong: 'This line is too long.',
  productTitleRequired: 'Enter the product title.',
  productTitleTooLong: 'The title can be at most 120 characters.',
  productDescriptionRequired: 'Enter a short description of the product.',
  productDescriptionTooLong: 'The description can be at most 2000 characters.',
  productTitleRuRequired: 'Enter the product title in Russian.',
  productDescriptionRuRequired: 'Enter a short description of the product in Russian.',
  productDetailsRuCount: 'Write every detail line in both English and Russian.',
  productDetailInvalid: 'Each detail line needs a name (up to 60 characters) and a value (up to 300).',
  productDetailKeyInvalid: 'Enter a name of up to 60 characters.',
  productDetailDataInvalid: 'Enter a value of up to 300 characters.',
  productDetailsTooMany: 'A product can have at most 20 detail lines.',
  productRetailerUrlInvalid: 'Enter a full web address starting with https://, or leave it empty.',
  productActiveInvalid: 'Choose whether the product is on sale.',
  productPriceInvalid: 'Enter a price from $0.01 to $10,000.00.',
  productStockInvalid: 'Enter a whole number in stock, from 0 to 100,000.',
  productImagesTooMany: 'A product can have at most 9 pictures.',
  orderStatusInvalid: 'Choose pending, paid, failed or shipped.',
  listingMessageRequired: 'Please write a message.',
  listingMessageTooLong: 'A message can be at most 2000 characters.',
  listingReportReasonRequired: 'Choose why you are reporting this listing.',
  listingReportDetailsRequired: 'Tell us what is wrong with this listing.',
  listingReportDetailsTooLong: 'Please keep the details under 1000 characters.',
  listingReportActionInvalid: 'Choose Dismiss or Deactivate listing.',
  textControlCharacters: 'This text contains invisible control characters. Please type it again.',
  savedSearchNameRequired: 'Enter a name for this search.',
  savedSearchNameTooLong: 'The name can be at most 80 characters.',
  savedSearchFiltersInvalid: 'These filters cannot be saved.',
  savedSearchNotifyInvalid: 'Choose whether e-mail alerts are on or off.',
  savedSearchRewindInvalid: 'Enter a whole number of days.',
  phoneInvalid: 'Enter a US phone number, for example (212) 555-0190.',
  twoFactorCodeFormat: 'Enter the 6-digit code from your authenticator app.',
  recoveryCodeFormat: 'Enter a recovery code as it was shown, for example ab12c-3de45.',
  twoFactorEitherCodeFormat: 'Enter the 6-digit code from your authenticator app or one of your recovery codes.',

  // Defaults of the error codes (ERROR_MESSAGE_KEYS in error-codes.ts).
  'error.validation': 'Some fields are not filled in correctly.',
  'error.badRequest': 'The request could not be understood.',
  'error.unauthorized': 'User is not authenticated',
  'error.forbidden': 'You do not have permission to do this.',
  'error.notFound': 'Not found.',
  'error.conflict': 'This conflicts with existing data.',
  'error.payloadTooLarge': 'The request is too large.',
  'error.unsupportedMediaType': 'This content type is not supported.',
  'error.rateLimited': 'Too many requests. Please wait a few minutes and try again.',
  'error.serviceUnavailable': 'The service is temporarily unavailable. Please try again later.',
  'error.internal': 'Something went wrong on our side. Please try again later.',
  'error.emptyBody': 'The request body is empty.',
  'error.invalidJson': 'The request body is not valid JSON.',
  'error.noSuchEndpoint': 'There is no such API endpoint.',
  /** A text from a library or a provider that has no key of ours (a zod default, a card provider's reason): shown as written. */
  'error.untranslated': '{{text}}',
  'auth.emailTaken': 'Email address already taken!',
  'auth.emailNotVerified': 'Please confirm your e-mail address first.',
  'auth.userNotFound': 'Email address does not exist!',
  'auth.invalidCredentials': 'Incorrect e-mail or password.',
  'auth.invalidCode': 'This code is not correct. Check the e-mail and try again.',
  'auth.codeExpired': 'This code has expired or was used too many times. Ask for a new code.',
  'auth.accountLocked': 'Too many wrong passwords. Sign-in is locked for 15 minutes. Try again later or reset your password.',
  'auth.accountBraked':
    'This account has had too many wrong passwords from many places. For 15 minutes only a browser that has signed in to it before can sign in. Try again later or reset your password.',
  'auth.reauthRequired': 'For your safety, confirm that it is you (your password or a two-step code), then try again.',
  'auth.reauthenticated': 'Confirmed. For the next 5 minutes you can change how you sign in.',
  'auth.reauthPasswordNeeded': 'Enter your password.',
  'auth.reauthCodeNeeded': 'Enter the code we sent to your e-mail.',
  'auth.codeSent': 'Code sent to {{email}}',
  'auth.crossSite': 'This request came from another site and was refused.',
  'auth.currentPasswordWrong': 'The current password is not correct.',
  'auth.passwordWrong': 'The password is not correct.',
  'auth.noPasswordToChange': 'This account signs in with Google or another provider and has no password to change.',
  'auth.socialFailed': 'Sign-in with this provider did not succeed. Please try again.',
  'auth.providerUnreachable': 'The sign-in provider is not reachable right now.',
  'auth.optionUnavailable': 'This sign-in option is not available.',
  'auth.busy': 'Too many sign-ins are being checked right now. Please try again in a few seconds.',
  'auth.tooManyCodes': 'Too many codes were sent to this address. Please wait 15 minutes and try again.',
  'auth.requestFailed': 'The request could not be completed.',
  'auth.signedIn': 'Signed in.',
  'auth.signedOut': 'Signed out.',
  'auth.passwordChanged': 'Your password has been changed.',
  'twoFactor.required': 'Staff accounts must use two-step sign-in. Turn it on in the Security tab of your dashboard first.',
  'twoFactor.codeWrong': 'This code is not correct. Check the time on your phone and enter the current code from your authenticator app.',
  'twoFactor.codeUsed': 'This code was already used. Sign in again and enter the next code from your authenticator app.',
  'twoFactor.codeUsedSignedIn': 'This code was already used. Wait for the next code in your authenticator app.',
  'twoFactor.recoveryCodeWrong': 'This recovery code is not correct or was already used.',
  'twoFactor.challengeExpired': 'This sign-in has expired or had too many wrong codes. Sign in with your password again.',
  'twoFactor.locked': 'Too many wrong codes. Two-step sign-in is locked for 15 minutes. Try again later.',
  'twoFactor.alreadyOn': 'Two-step sign-in is already on.',
  'twoFactor.notOn': 'Two-step sign-in is not on for this account.',
  'twoFactor.notStarted': 'Start turning on two-step sign-in first: enter your password to get a new key.',
  'twoFactor.needsPassword': 'This account signs in with Google or another provider and has no password, so two-step sign-in cannot be set up here.',
  'twoFactor.turnedOn': 'Two-step sign-in is on.',
  'twoFactor.turnedOff': 'Two-step sign-in is off.',
  'twoFactor.emailCodeNeeded': 'Staff accounts confirm turning on two-step sign-in with a code sent to their e-mail. Send the code and enter it.',
  'twoFactor.emailCodeWrong': 'This code is not correct, has expired or was already used. Send a new code.',
  'twoFactor.codeNeeded': 'Enter the 6-digit code from your authenticator app to finish signing in.',
  'sessions.notFound': 'This browser is no longer signed in to your account.',
  'passkey.challengeExpired': 'This passkey request has expired or was already used. Please try again.',
  'passkey.notVerified': 'Your passkey could not be verified. Please try again.',
  'passkey.unknown': 'This passkey is not registered with Medallion (it may have been removed). Sign in another way.',
  'passkey.alreadyAdded': 'This passkey is already added to your account.',
  'passkey.notFound': 'This passkey is not on your account any more.',
  'passkey.tooMany': 'You can add at most {{max}} passkeys. Remove one first.',
  'passkey.signInAgain': 'For your safety, sign out and sign in again before adding a passkey.',
  'account.emailInUse': 'This e-mail address is already used by another account.',
  'account.emailSame': 'This is already the e-mail address of your account.',
  'account.emailNeedsPassword': 'This account signs in with Google or another provider and has no password, so its e-mail cannot be changed here.',
  'account.emailRestoreInvalid': 'This link has expired or was already used.',
  'account.emailRestoreTaken': 'Your previous address is now used by another account, so it cannot be put back. Please write to us.',
  'account.emailRestored':
    'Your e-mail address {{email}} is back on your account. Every browser was signed out and your password no longer works: set a new one with "Forgot password".',
  'user.notFound': 'User not found',
  'user.ownRecordOnly': 'You can only create your own user record.',
  'user.accountDeleted': 'Your account has been deleted.',
  'contact.tooManyMessages': 'You have sent several messages in a short time. Please wait a few minutes and try again.',
  'devMail.private': 'The dev mailbox can be read only on the machine that runs Medallion, or by staff.',
  'payment.failed': 'The payment did not go through.',
  'payment.amountChanged': 'The amount to pay has changed. Please review it and try again.',
  'payment.amountIs': 'The amount to pay is {{amount}} ({{cents}} cents).',
  'payment.cardDeclined': 'Your card was declined.',
  'payment.cardExpired': 'Your card has expired.',
  'payment.cardCvcIncorrect': "Your card's security code is incorrect.",
  'payment.insufficientFunds': 'Your card has insufficient funds.',
  'payment.cardNumberIncorrect': 'Your card number is incorrect.',
  'payment.cardBrandUnsupported': 'This card brand is not supported. Use Visa, Mastercard, American Express, Discover or UnionPay.',
  'payment.cardFormExpired': 'This card form has expired. Please open it again.',
  'payment.needsMoreSteps': 'The payment needs more steps; please use another card.',
  'payment.methodNotFound': 'Payment method not found.',
  'payment.processing': 'This payment is already being processed.',
  'payment.unconfirmed':
    'We could not confirm the payment with the card provider. Nothing will be charged twice: we will check it within a few minutes. Please try again later.',
  'payment.notCompleted': 'The payment was not completed.',
  'payment.transactionIdRequired': 'A transaction id is required.',
  'payment.sandboxOff': 'The sandbox card form is off: cards are saved with Stripe.',
  'payment.signatureMissing': 'Missing Stripe signature.',
  'payment.signatureInvalid': 'The webhook signature is not valid.',
  'exam.invalidPromo': 'Invalid promo code',
  'exam.purchaseInProgress': 'A payment for the practice exam is already being processed. Wait a moment, then check your access.',
  'exam.questionNotFound': 'This question does not exist or is not part of your access.',
  'exam.attemptNotFound': 'There is no such exam attempt.',
  'exam.alreadyReported': 'You have already reported this question. Thank you!',
  'exam.noSavedQuestions': 'No saved questions',
  'exam.answerNotFound': "This answer is not one of the question's answers.",
  'exam.runModeUnsupported': 'Only the practice exam run (mode exam) is saved here.',
  'exam.runDuplicateQuestion': 'Each question can be answered only once in a run.',
  'exam.answerKeyInvalid': 'This answer key is not valid: it must be a UUID made by the app.',
  'exam.runInvalid': 'This run does not match the exam: an answer belongs to another question or lies beyond the position.',
  'exam.accessRequired': 'The timed simulation needs full access to the practice exam. Unlock it to start.',
  'exam.simulationNotFound': 'There is no timed simulation running. Start a new one.',
  'exam.simulationTimeUp': 'Time is up for this simulation: answers can no longer be changed. Finish it to see your result.',
  'exam.simulationAnswerInvalid': 'This answer is not part of your simulation.',
  'listing.feeNotReady': 'Finish the listing details (step 2) before paying the listing fee.',
  'listing.feeNotDraft': 'This listing is already under review or published.',
  'listing.notOwner': 'Only the owner of this listing can change it.',
  'listing.categoryChanged': 'The category of a saved listing cannot change. Start a new listing instead.',
  'listing.imageNotOurs': 'One of the pictures does not belong to this listing. Add it again.',
  'listing.statusNotOwner': 'Only the owner of this listing can change its status.',
  'listing.notPublished': 'Only a published listing can be activated or deactivated. Drafts and listings under review cannot.',
  'listing.notUnderReview': 'This listing is not waiting for review (someone may have decided already). Refresh the list.',
  'conversation.notFound': 'This conversation does not exist.',
  'conversation.ownListing': 'This is your own listing: you cannot send it a message.',
  'conversation.listingClosed': 'This listing is not active, so its owner does not take new messages.',
  'conversation.tooManyConversations': 'You have contacted several owners in the last hour. Please wait a while before messaging another one.',
  'conversation.tooManyMessages': 'You have sent many messages in the last hour. Please wait a while and try again.',
  'listingReport.alreadyReported': 'You have already reported this listing. Thank you: our team will look into it.',
  'listingReport.ownListing': 'You cannot report your own listing.',
  'listingReport.notFound': 'There are no open reports on this listing (someone may have decided already). Refresh the list.',
  'location.notFound': 'Location not found',
  'cars.makeUnknown': 'This make is not in our list.',
  'cars.vinLookupUnavailable': 'VIN lookup is not available right now. Please enter the car details yourself.',
  'image.typeNotAllowed': 'Only pictures can be added (JPEG, PNG, WebP, GIF, AVIF or HEIC).',
  'image.notAPicture': 'This file is not a picture we can read. Use a JPEG, PNG or WebP photo.',
  'image.damaged': 'This picture seems to be damaged or incomplete. Try taking or saving it again.',
  'image.tooManyPixels': 'This photo is too large in pixels. Use a photo of at most 25 megapixels (for example 5000 × 5000).',
  'image.busy': 'Too many pictures are being processed right now. Please save again in a few seconds.',
  'image.heicUnsupported': 'We cannot read this HEIC photo. Save it as JPEG (on iPhone: Settings › Camera › Formats › Most Compatible) and try again.',
  'cart.completedByCheckout': 'Items are marked as bought by the checkout itself.',
  'cart.nothingToChange': 'Send a new quantity.',
  'cart.tooMany': 'At most 99 of one product fit in a cart.',
  'cart.priceChanged': 'The price of this product is now {{price}}. Refresh the page to see the current price.',
  'cart.outOfStock': '"{{title}}" is out of stock in the quantity you chose. Lower the quantity or remove it.',
  'cart.inCheckout': 'These items are already being paid for in another checkout. Wait a moment, then check your orders.',
  'order.notPaid': 'There is no paid order for this transaction. Pay first, then record the order.',
  'order.itemsDiffer': 'These cart items are not the ones paid for in this transaction.',
  'order.notFound': 'This order does not exist.',
  'order.shipNotPaid': 'Only paid orders can be shipped. This order is not paid.',
  'product.imageNotOurs': 'One of the pictures does not belong to this product. Add it again.',
  'examAdmin.questionNotFound': 'There is no such question.',
  'examAdmin.reportNotFound': 'There is no such open report.',
  'examAdmin.promoExists': 'This promo code exists already.',
  'examAdmin.promoNotFound': 'There is no such promo code.',
  'savedListing.tooMany': 'You can save at most {{max}} listings. Remove some first.',
  'savedSearch.tooMany': 'You can save at most {{max}} searches. Delete one first.',
  'savedSearch.notFound': 'This saved search does not exist.',
  'savedSearch.unsubscribeNotFound': 'This link is not valid any more: the search may have been deleted.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The names of the {{placeholders}} of a text, as a union of string literal types. */
type Placeholders<Text extends string> = Text extends `${string}{{${infer Name}}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** The parameters a key's text needs (an empty record for a text without placeholders). */
export type MessageParams<K extends MessageKey> = Record<Placeholders<(typeof MESSAGES)[K]>, string | number>;

/** The keys whose texts have no placeholders. */
export type PlainMessageKey = { [K in MessageKey]: [Placeholders<(typeof MESSAGES)[K]>] extends [never] ? K : never }[MessageKey];

/** A key and, when its text has placeholders, their values: the arguments of formatMessage() and AppError. */
export type MessageArgs =
  [key: PlainMessageKey] | { [K in Exclude<MessageKey, PlainMessageKey>]: [key: K, params: MessageParams<K>] }[Exclude<MessageKey, PlainMessageKey>];

/** A message as the API sends it: its key, the values of its placeholders and the English text. */
export interface Message {
  key: MessageKey;
  params?: Record<string, string | number>;
  message: string;
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, value);
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The names of the placeholders in a text, in order (for tests that compare translations). */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/**
 * Fills a text's placeholders. A value is put in as written (a function replacer, so `$&` in an
 * e-mail address stays `$&`); a placeholder without a value stays as it is.
 */
export function fillPlaceholders(text: string, params: Record<string, string | number> | undefined): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (params?.[name] === undefined ? whole : String(params[name])));
}

/** The English text of a message. */
export function formatMessage(...[key, params]: MessageArgs): string {
  return fillPlaceholders(MESSAGES[key], params);
}

/** The message {key, params, message} of formatMessage()'s arguments, as the API sends it. */
export function toMessage(...args: MessageArgs): Message {
  const [key, params] = args;
  return { key, ...(params ? { params } : {}), message: formatMessage(...args) };
}
