import { fillPlaceholders } from './messages';
import type { Language } from './site';

/**
 * The texts of every e-mail the API sends, in English and Russian, by key (the e-mails' catalogue, as
 * messages.ts is the API answers' and apps/web/src/locales the pages'). Written as i18next writes them:
 * `{{name}}` is a parameter, a key with `_one`/`_other` (Russian also `_few`/`_many`) is chosen by the
 * `count` parameter with the language's plural rules. Amounts, rates and dates go in already formatted
 * by formats.ts (the web's formatters). The builders in apps/api/src/modules/<module>/*-email.ts call
 * mailTranslator(language) for each language the e-mail is written in.
 *
 * Keys are `<e-mail>.<name>`; `common.*` serve several e-mails. The type of MAIL_MESSAGES_RU asks
 * for every English key (and the Russian plural forms), a unit test for the same placeholders.
 */
export const MAIL_MESSAGES_EN = {
  'common.hello': 'Hello {{name}},',
  'common.newYorkTime': '{{time}} (New York time)',
  'common.when': 'When',
  'common.browser': 'Browser',
  'common.system': 'System',
  'common.unknownBrowser': 'Unknown browser',
  'common.unknownSystem': 'Unknown system',
  'common.untitled': 'Untitled listing',
  'common.perWeek': '{{price}} / week',
  'common.perMonth': '{{price}} / month',

  'code.confirm.subject': 'Your Medallion confirmation code',
  'code.confirm.intro': 'Use this code to confirm your e-mail address:',
  'code.reset.subject': 'Your Medallion password reset code',
  'code.reset.intro': 'Use this code to set a new password:',
  'code.delete.subject': 'Your Medallion account deletion code',
  'code.delete.intro': 'Use this code to confirm that you want to delete your account:',
  'code.emailChange.subject': 'Your Medallion e-mail change code',
  'code.emailChange.intro': 'Use this code to make this the new e-mail address of your Medallion account:',
  'code.stepUp.subject': 'Your Medallion security code',
  'code.stepUp.intro': 'Use this code to confirm that it is you before changing how you sign in to Medallion (passkeys):',
  'code.staffTwoFactor.subject': 'Your Medallion two-step sign-in code',
  'code.staffTwoFactor.intro':
    'Use this code to turn on two-step sign-in for your Medallion staff account. If you did not start this, change your password now:',
  'code.validity_one': 'The code works for {{count}} minute and only once. If you did not ask for it, ignore this e-mail.',
  'code.validity_other': 'The code works for {{count}} minutes and only once. If you did not ask for it, ignore this e-mail.',

  'newBrowser.subject': 'New sign-in to your Medallion account',
  'newBrowser.intro': 'Someone just signed in to your Medallion account ({{email}}) from a browser it has not used before.',
  'newBrowser.outro': 'If this was you, there is nothing to do. If not, change your password now and check where your account is signed in:',
  'passwordUsed.subject': 'Your password was used to sign in from a new browser',
  'passwordUsed.intro':
    'Your Medallion password ({{email}}) was just entered correctly in a browser your account has not used before. The sign-in now waits for the code from your authenticator app.',
  'passwordUsed.outro':
    'If this was you, there is nothing to do. If not, someone knows your password: change it now and check where your account is signed in:',
  'passkeyAdded.subject': 'A passkey was added to your Medallion account',
  'passkeyAdded.intro': 'A passkey was just added to your Medallion account ({{email}}). It signs in without your password.',
  'passkeyAdded.passkey': 'Passkey',
  'passkeyAdded.outro': 'If this was you, there is nothing to do. If not, remove it in the Security tab now and change your password:',
  'passwordReset.subject': 'Your Medallion password was reset',
  'passwordReset.intro':
    'The password of your Medallion account ({{email}}) was just reset with a code sent to this address. Every browser was signed out and no browser is trusted any more.',
  'passwordReset.passkeysRemovedNote': 'Your passkeys were removed too: they no longer sign in, and you need to add them again in the Security tab.',
  'passwordReset.passkeysRemoved': 'Passkeys removed',
  'passwordReset.addPasskeysAgain': 'If this was you, add your passkeys again in the Security tab.',
  'passwordReset.outro': 'If this was not you, someone can read your e-mail: secure your mailbox, then reset your password again. The Security tab:',
  'twoFactor.on.subject': 'Two-step sign-in is on for your Medallion account',
  'twoFactor.on.intro':
    'Two-step sign-in was just turned on for your Medallion account ({{email}}). Signing in now also asks for a code from an authenticator app.',
  'twoFactor.on.outro':
    'If this was you, keep your recovery codes somewhere safe. If not, someone knows your password: reset it now and check the Security tab:',
  'twoFactor.off.subject': 'Two-step sign-in is off for your Medallion account',
  'twoFactor.off.intro': 'Two-step sign-in was just turned off for your Medallion account ({{email}}). Your password alone now signs in.',
  'twoFactor.off.outro': 'If this was not you, reset your password now and turn two-step sign-in on again in the Security tab:',
  'twoFactor.recoveryCodes.subject': 'New recovery codes for your Medallion account',
  'twoFactor.recoveryCodes.intro': 'New recovery codes were just made for your Medallion account ({{email}}). The old ones no longer work.',
  'twoFactor.recoveryCodes.outro': 'If this was not you, reset your password now and check the Security tab:',

  'emailChanged.subject': 'Your Medallion e-mail address was changed',
  'emailChanged.intro': 'The e-mail address of your Medallion account has been changed.',
  'emailChanged.oldAddress': 'Old address',
  'emailChanged.newAddress': 'New address',
  'emailChanged.outro':
    'From now on, sign in with the new address. If you did not make this change, reset your password with the new address at once or write to us, and check your account:',
  'emailChanged.restore':
    'If you did not make this change, open this link within {{days}} days. It puts this address back on your account, signs out every browser (the new address can no longer sign in) and stops the old password:',
  'emailChanged.restoreAfter': 'Then set a new password with "Forgot password" on the sign-in page: the code comes to this address. The link works once.',

  'order.confirmed.subject': 'Order confirmation No. {{number}}',
  'order.confirmed.intro': 'Thank you for your order. We will process and send it shortly.',
  'order.shipped.subject': 'Your order No. {{number}} has shipped',
  'order.shipped.intro': 'Your order of {{date}} has shipped.',
  'order.number': 'Order No. {{number}}',
  'order.date': 'Date',
  'order.items': 'Items',
  'order.subtotal': 'Subtotal',
  'order.tax': 'Tax ({{rate}})',
  'order.shipping': 'Shipping',
  'order.total': 'Order total',
  'order.paidWith': 'Paid with {{card}}',
  'order.shipTo': 'Shipping to',
  'order.yourOrders': 'Your orders',

  'message.subject': 'Message about "{{title}}" from {{sender}}',
  'message.aboutYourListing': 'your listing "{{title}}"',
  'message.aboutListing': 'the listing "{{title}}"',
  'message.intro': '{{sender}} sent you a message on Medallion about {{about}}:',
  'message.introQuotedAbove': '{{sender}} sent you a message on Medallion about {{about}}; it is quoted above.',
  'message.readAndReply': 'Read the conversation and reply in your dashboard:',
  'message.replyByMail': 'Replying to this e-mail writes to {{sender}} directly.',

  'receipt.subject': 'Medallion receipt: {{amount}}',
  'receipt.intro': 'Thank you for your payment. Here is your receipt.',
  'receipt.item': 'Item',
  'receipt.amount': 'Amount',
  'receipt.card': 'Card',
  'receipt.date': 'Date',
  'receipt.accessUntil': 'Full access until',
  'receipt.number': 'Receipt number',
  'receipt.examAccess_one': 'Practice exam: {{count}} month of full access',
  'receipt.examAccess_other': 'Practice exam: {{count}} months of full access',
  'receipt.listingFee': 'Listing fee: {{title}}',
  'receipt.rentalPickup': 'Car rental {{car}}: deposit {{deposit}} and week 1',
  'receipt.rentalWeek': 'Car rental {{car}}: week {{week}}',
  'rent.declinedSubject': 'The rent for week {{week}} was declined',
  'rent.declinedDriver': 'We could not charge your card {{amount}} for week {{week}} of your rental of {{car}}.',
  'rent.declinedOwner': 'The rent of {{amount}} for week {{week}} of {{car}} (driver {{driver}}) was declined.',
  'rent.retryOn': 'We will try again on {{date}}. Please make sure the card can be charged, or pay the week here: {{url}}',
  'rent.lastAttempt': 'This was the last automatic attempt. Please pay the week here: {{url}}',
  'rent.ownerMayEnd': 'If the week is still unpaid 72 hours after the first decline, you may end the rental from your dashboard.',
  'rent.actionSubject': 'Please confirm the rent payment for week {{week}}',
  'rent.actionDriver':
    'Your bank asks you to confirm the payment of {{amount}} for week {{week}} of your rental of {{car}}. Open this page and pay the week there (once): {{url}}',
  'rent.payoutSetupSubject': 'Set up your payouts to receive your rent',
  'rent.payoutSetupOwner':
    '{{amount}} of rent is waiting for you on Medallion. Stripe, our payment partner, pays it into your bank account once you have set up your payouts there; it takes about 5 minutes. Start from My rentals: {{url}}',

  'review.subject': 'Listing to review: {{title}}',
  'review.editedSubject': 'Edited listing to review: {{title}}',
  'review.intro': 'A listing fee was paid and a listing waits for review.',
  'review.editedIntro': 'The owner edited a published listing; it is off the marketplace until it is reviewed again.',
  'review.title': 'Title',
  'review.category': 'Category',
  'review.cars': 'Car',
  'review.plates': 'Plate',
  'review.price': 'Price',
  'review.forSale': '{{price}} (for sale)',
  'review.location': 'Location',
  'review.owner': 'Owner',
  'review.listingId': 'Listing id',
  'review.console': 'Review it in the staff console:',

  'approved.subject': 'Your listing is published: {{title}}',
  'approved.intro': 'Good news: your listing "{{title}}" passed review and is now in the Medallion marketplace.',
  'approved.see': 'See it here:',
  'rental.requested.subject': 'Rental request for {{title}}',
  'rental.requested.intro':
    '{{name}} asks to rent "{{title}}" for {{weeks}} weeks from {{start}} to {{end}}. Approve or decline the request within 48 hours, or it expires.',
  'rental.approved.subject': 'Your rental request is approved: {{title}}',
  'rental.approved.intro':
    '{{name}} approved your request to rent "{{title}}" from {{start}} to {{end}}. Read and accept the rental agreement on your dashboard within 48 hours.',
  'rental.declined.subject': 'Your rental request was declined: {{title}}',
  'rental.declined.intro': '{{name}} declined your request to rent "{{title}}" from {{start}} to {{end}}.',
  'rental.superseded.intro': '"{{title}}" was rented to another driver for some of the weeks you asked for ({{start}} to {{end}}), so your request was closed.',
  'rental.expired.subject': 'Rental request expired: {{title}}',
  'rental.expired.intro': 'The request to rent "{{title}}" from {{start}} to {{end}} got no answer within 48 hours, so it expired.',
  'rental.withdrawn.subject': 'Rental request withdrawn: {{title}}',
  'rental.withdrawn.intro': '{{name}} withdrew the request to rent "{{title}}" from {{start}} to {{end}}.',
  'rental.accepted.subject': '{{name}} accepted the rental agreement: {{title}}',
  'rental.accepted.intro': '{{name}} accepted the rental agreement for "{{title}}". Accept it too on your dashboard so the rental can go ahead.',
  'rental.ready.subject': 'Rental agreement signed: {{title}}',
  'rental.ready.intro': 'Both of you accepted the rental agreement for "{{title}}". The pick-up is on {{start}}. The signed agreement is on your dashboard.',
  'rental.open': 'Your rentals:',
  'rejected.subject': 'Your listing needs changes: {{title}}',
  'rejected.intro': 'Our team reviewed your listing "{{title}}" and could not publish it yet. The reason:',
  'rejected.outro': 'Edit the listing from your dashboard ({{url}}) and send it again. The listing fee is already paid: you will not be charged again.',

  'digest.subject': 'New listings for your saved searches',
  'digest.intro': 'New listings on Medallion match your saved searches.',
  'digest.count_one': '{{count}} new listing',
  'digest.count_other': '{{count}} new listings',
  'digest.onRequest': 'Price on request',
  'digest.more': 'See all matches',
  'digest.stopOne': 'Stop e-mail alerts for this search',
  'digest.manage': 'Manage your saved searches',
  'digest.stopAll': 'Stop all these e-mail alerts',
  'digest.why': 'You get this e-mail because you turned on alerts for a saved search on Medallion.',

  'reminder.deadlineSubject_one': 'TLC license: {{count}} day left to finish the course and the exam',
  'reminder.deadlineSubject_other': 'TLC license: {{count}} days left to finish the course and the exam',
  'reminder.deadlineIntro':
    'You filed your TLC application on {{filed}}. The 24-hour course and the TLC exam must be done within 90 days of filing, by {{deadline}}, or the application is denied.',
  'reminder.stalledSubject': 'TLC license: still on track?',
  'reminder.stalledIntro_one': 'No step of your license tracker was marked done in the last {{days}} days. {{count}} day is left until {{deadline}}.',
  'reminder.stalledIntro_other': 'No step of your license tracker was marked done in the last {{days}} days. {{count}} days are left until {{deadline}}.',
  'reminder.open': 'Steps still open',
  'reminder.see': 'See your steps',
  'reminder.stop': 'Stop these reminders',
  'reminder.why': 'You get this e-mail because you track your TLC license steps on Medallion. You can turn these reminders on or off on the guide page.',
  'reminder.step.class-e': 'Class E license',
  'reminder.step.defensive-driving': 'Defensive driving course',
  'reminder.step.medical-exam': 'Medical exam',
  'reminder.step.application': 'TLC application in LARS',
  'reminder.step.school': 'Wheelchair class and 24-hour school',
  'reminder.step.drug-test': 'Drug test',
  'reminder.step.fingerprints': 'Fingerprints and photo',
  'reminder.step.tlc-exam': 'TLC exam',

  'contact.subject': 'Contact form: {{name}}',
  'contact.intro': 'New message from the Contact us form.',
  'contact.name': 'Name',
  'contact.email': 'E-mail',
  'contact.language': 'Language',
  'contact.unknownLanguage': 'unknown',
  'contact.received': 'Received',
  'contact.reference': 'Reference',
  'handover.pickupSubject': 'Pick-up photos of {{car}}',
  'handover.returnSubject': 'Return photos of {{car}}',
  'handover.pickupSent': '{{party}} sent the pick-up photos of {{car}} on {{date}}: odometer {{odometer}} mi, fuel or charge {{fuel}} %.',
  'handover.returnSent': '{{party}} sent the return photos of {{car}} on {{date}}: odometer {{odometer}} mi, fuel or charge {{fuel}} %.',
  'handover.returned':
    'The car is back: weekly rent is no longer charged. The owner may claim damage on the deposit within 24 hours; without a claim, the deposit is refunded 72 hours after the return.',
  'handover.seeRental': 'See the photos on the rental page: {{url}}',
  'claim.openedSubject': 'Damage claim on the deposit for {{car}}',
  'claim.opened': '{{owner}} claims {{amount}} of the {{deposit}} deposit for damage to {{car}}: “{{description}}”',
  'claim.answerWithin': 'The driver has 72 hours to accept or dispute it on the rental page; without an answer, the claim stands: {{url}}',
  'claim.acceptedSubject': 'The damage claim for {{car}} was accepted',
  'claim.accepted': '{{driver}} accepted the claim of {{amount}} for {{car}}.',
  'claim.disputedSubject': 'The damage claim for {{car}} is disputed',
  'claim.disputed':
    '{{driver}} disputed the claim of {{amount}} for {{car}}. Our staff will look at the hand-over photos and decide; the deposit waits until then.',
  'claim.unansweredSubject': 'The damage claim for {{car}} stands',
  'claim.unanswered': 'The driver did not answer the claim of {{amount}} for {{car}} within 72 hours, so the claim stands.',
  'claim.decidedSubject': 'Our decision on the damage claim for {{car}}',
  'claim.decided': 'Our staff decided the disputed claim for {{car}}: {{kept}} of the {{amount}} claimed is kept from the deposit.',
  'claim.refundFollows': 'The rest of the deposit, {{refund}}, goes back to the driver’s card.',
  'deposit.refundedSubject': 'The deposit for {{car}} is settled',
  'deposit.refunded': 'The deposit of {{car}} is settled: {{refund}} was refunded to the driver’s card and {{kept}} kept for the claim. The rental is closed.',
} as const;

type EnglishKey = keyof typeof MAIL_MESSAGES_EN;
type PluralForm = 'one' | 'other';
/** The keys a builder asks for: a plural key without its `_one`/`_other`. */
export type MailKey = { [K in EnglishKey]: K extends `${infer Base}_${PluralForm}` ? Base : K }[EnglishKey];
type PluralKey = { [K in EnglishKey]: K extends `${infer Base}_other` ? Base : never }[EnglishKey];

export const MAIL_MESSAGES_RU: Record<EnglishKey | `${PluralKey}_${'few' | 'many'}`, string> = {
  'common.hello': 'Здравствуйте, {{name}}!',
  'common.newYorkTime': '{{time}} (время Нью-Йорка)',
  'common.when': 'Когда',
  'common.browser': 'Браузер',
  'common.system': 'Система',
  'common.unknownBrowser': 'Неизвестный браузер',
  'common.unknownSystem': 'Неизвестная система',
  'common.untitled': 'Объявление без названия',
  'common.perWeek': '{{price}} в неделю',
  'common.perMonth': '{{price}} в месяц',

  'code.confirm.subject': 'Код подтверждения Medallion',
  'code.confirm.intro': 'Введите этот код, чтобы подтвердить адрес эл. почты:',
  'code.reset.subject': 'Код для сброса пароля Medallion',
  'code.reset.intro': 'Введите этот код, чтобы задать новый пароль:',
  'code.delete.subject': 'Код для удаления аккаунта Medallion',
  'code.delete.intro': 'Введите этот код, чтобы подтвердить удаление аккаунта:',
  'code.emailChange.subject': 'Код для смены адреса эл. почты Medallion',
  'code.emailChange.intro': 'Введите этот код, чтобы сделать этот адрес новым адресом эл. почты вашего аккаунта Medallion:',
  'code.stepUp.subject': 'Код безопасности Medallion',
  'code.stepUp.intro': 'Введите этот код, чтобы подтвердить, что это вы, прежде чем менять способы входа в Medallion (ключи доступа):',
  'code.staffTwoFactor.subject': 'Код для двухэтапного входа Medallion',
  'code.staffTwoFactor.intro': 'Введите этот код, чтобы включить двухэтапный вход для служебного аккаунта Medallion. Если это не вы, сразу смените пароль:',
  'code.validity_one': 'Код действует {{count}} минуту и только один раз. Если вы его не запрашивали, просто проигнорируйте это письмо.',
  'code.validity_few': 'Код действует {{count}} минуты и только один раз. Если вы его не запрашивали, просто проигнорируйте это письмо.',
  'code.validity_many': 'Код действует {{count}} минут и только один раз. Если вы его не запрашивали, просто проигнорируйте это письмо.',
  'code.validity_other': 'Код действует {{count}} минуты и только один раз. Если вы его не запрашивали, просто проигнорируйте это письмо.',

  'newBrowser.subject': 'Новый вход в ваш аккаунт Medallion',
  'newBrowser.intro': 'В ваш аккаунт Medallion ({{email}}) только что вошли из браузера, которым раньше не пользовались.',
  'newBrowser.outro': 'Если это были вы, ничего делать не нужно. Если нет, сразу смените пароль и проверьте, где выполнен вход в аккаунт:',
  'passwordUsed.subject': 'Ваш пароль использован для входа из нового браузера',
  'passwordUsed.intro':
    'Пароль от вашего аккаунта Medallion ({{email}}) только что правильно введён в браузере, которым раньше не пользовались. Теперь вход ждёт код из приложения-аутентификатора.',
  'passwordUsed.outro':
    'Если это были вы, ничего делать не нужно. Если нет, ваш пароль кто-то знает: сразу смените его и проверьте, где выполнен вход в аккаунт:',
  'passkeyAdded.subject': 'В ваш аккаунт Medallion добавлен ключ доступа',
  'passkeyAdded.intro': 'В ваш аккаунт Medallion ({{email}}) только что добавлен ключ доступа. С ним можно войти без пароля.',
  'passkeyAdded.passkey': 'Ключ доступа',
  'passkeyAdded.outro': 'Если это были вы, ничего делать не нужно. Если нет, сразу удалите его на вкладке «Безопасность» и смените пароль:',
  'passwordReset.subject': 'Пароль вашего аккаунта Medallion сброшен',
  'passwordReset.intro':
    'Пароль вашего аккаунта Medallion ({{email}}) только что сброшен с помощью кода, отправленного на этот адрес. Вход во всех браузерах завершён, доверенных браузеров больше нет.',
  'passwordReset.passkeysRemovedNote': 'Ключи доступа тоже удалены: войти с ними больше нельзя, добавьте их снова на вкладке «Безопасность».',
  'passwordReset.passkeysRemoved': 'Удалено ключей доступа',
  'passwordReset.addPasskeysAgain': 'Если это были вы, добавьте ключи доступа снова на вкладке «Безопасность».',
  'passwordReset.outro': 'Если это были не вы, кто-то читает вашу почту: защитите почтовый ящик и снова сбросьте пароль. Вкладка «Безопасность»:',
  'twoFactor.on.subject': 'Двухэтапный вход в аккаунт Medallion включен',
  'twoFactor.on.intro':
    'Для вашего аккаунта Medallion ({{email}}) только что включен двухэтапный вход. Теперь при входе нужен еще код из приложения-аутентификатора.',
  'twoFactor.on.outro':
    'Если это были вы, сохраните коды восстановления в надежном месте. Если нет, кто-то знает ваш пароль: сразу смените его и проверьте вкладку «Безопасность»:',
  'twoFactor.off.subject': 'Двухэтапный вход в аккаунт Medallion выключен',
  'twoFactor.off.intro': 'Для вашего аккаунта Medallion ({{email}}) только что выключен двухэтапный вход. Теперь для входа достаточно пароля.',
  'twoFactor.off.outro': 'Если это были не вы, сразу смените пароль и снова включите двухэтапный вход на вкладке «Безопасность»:',
  'twoFactor.recoveryCodes.subject': 'Новые коды восстановления для аккаунта Medallion',
  'twoFactor.recoveryCodes.intro': 'Для вашего аккаунта Medallion ({{email}}) только что созданы новые коды восстановления. Старые больше не действуют.',
  'twoFactor.recoveryCodes.outro': 'Если это были не вы, сразу смените пароль и проверьте вкладку «Безопасность»:',

  'emailChanged.subject': 'Адрес эл. почты в Medallion изменён',
  'emailChanged.intro': 'Адрес эл. почты вашего аккаунта Medallion изменён.',
  'emailChanged.oldAddress': 'Прежний адрес',
  'emailChanged.newAddress': 'Новый адрес',
  'emailChanged.outro': 'Теперь входите с новым адресом. Если это сделали не вы, сразу сбросьте пароль или напишите нам и проверьте свой аккаунт:',
  'emailChanged.restore':
    'Если это сделали не вы, откройте эту ссылку в течение {{days}} дней. Она вернёт этот адрес вашему аккаунту, завершит вход во всех браузерах (новым адресом войти будет нельзя) и отключит прежний пароль:',
  'emailChanged.restoreAfter': 'Затем задайте новый пароль через «Забыли пароль» на странице входа: код придёт на этот адрес. Ссылка действует один раз.',

  'order.confirmed.subject': 'Подтверждение заказа № {{number}}',
  'order.confirmed.intro': 'Спасибо за заказ. Мы скоро его обработаем и отправим.',
  'order.shipped.subject': 'Ваш заказ № {{number}} отправлен',
  'order.shipped.intro': 'Ваш заказ от {{date}} отправлен.',
  'order.number': 'Заказ № {{number}}',
  'order.date': 'Дата',
  'order.items': 'Товары',
  'order.subtotal': 'Сумма',
  'order.tax': 'Налог ({{rate}})',
  'order.shipping': 'Доставка',
  'order.total': 'Итого',
  'order.paidWith': 'Оплачено картой {{card}}',
  'order.shipTo': 'Адрес доставки',
  'order.yourOrders': 'Ваши заказы',

  'message.subject': 'Сообщение по объявлению «{{title}}» от {{sender}}',
  'message.aboutYourListing': 'вашему объявлению «{{title}}»',
  'message.aboutListing': 'объявлению «{{title}}»',
  'message.intro': '{{sender}} написал(а) вам на Medallion по {{about}}:',
  'message.introQuotedAbove': '{{sender}} написал(а) вам на Medallion по {{about}}. Текст сообщения приведён выше.',
  'message.readAndReply': 'Переписка и ответ — в личном кабинете:',
  'message.replyByMail': 'Ответ на это письмо получит {{sender}}.',

  'receipt.subject': 'Чек Medallion: {{amount}}',
  'receipt.intro': 'Спасибо за оплату. Ваш чек:',
  'receipt.item': 'Покупка',
  'receipt.amount': 'Сумма',
  'receipt.card': 'Карта',
  'receipt.date': 'Дата',
  'receipt.accessUntil': 'Полный доступ до',
  'receipt.number': 'Номер чека',
  'receipt.examAccess_one': 'Пробный экзамен: полный доступ на {{count}} месяц',
  'receipt.examAccess_few': 'Пробный экзамен: полный доступ на {{count}} месяца',
  'receipt.examAccess_many': 'Пробный экзамен: полный доступ на {{count}} месяцев',
  'receipt.examAccess_other': 'Пробный экзамен: полный доступ на {{count}} месяца',
  'receipt.listingFee': 'Размещение объявления: {{title}}',
  'receipt.rentalPickup': 'Аренда машины {{car}}: залог {{deposit}} и первая неделя',
  'receipt.rentalWeek': 'Аренда машины {{car}}: неделя {{week}}',
  'rent.declinedSubject': 'Платёж за неделю {{week}} аренды отклонён',
  'rent.declinedDriver': 'Не удалось списать с вашей карты {{amount}} за неделю {{week}} аренды машины {{car}}.',
  'rent.declinedOwner': 'Платёж {{amount}} за неделю {{week}} аренды машины {{car}} (водитель {{driver}}) отклонён.',
  'rent.retryOn': 'Мы попробуем снова {{date}}. Проверьте, что с карты можно списать деньги, или оплатите неделю здесь: {{url}}',
  'rent.lastAttempt': 'Это была последняя автоматическая попытка. Оплатите неделю здесь: {{url}}',
  'rent.ownerMayEnd': 'Если неделя так и не будет оплачена через 72 часа после первого отказа, вы сможете прекратить аренду в личном кабинете.',
  'rent.actionSubject': 'Подтвердите оплату аренды за неделю {{week}}',
  'rent.actionDriver':
    'Ваш банк просит подтвердить платёж {{amount}} за неделю {{week}} аренды машины {{car}}. Откройте эту страницу и оплатите неделю там (один раз): {{url}}',
  'rent.payoutSetupSubject': 'Настройте выплаты, чтобы получать аренду',
  'rent.payoutSetupOwner':
    'Вас ждёт аренда на сумму {{amount}} в Medallion. Stripe, наш платёжный партнёр, переведёт её на ваш банковский счёт, как только вы настроите там выплаты; это займёт около 5 минут. Начните в разделе «Мои аренды»: {{url}}',

  'review.subject': 'Объявление на проверку: {{title}}',
  'review.editedSubject': 'Изменённое объявление на проверку: {{title}}',
  'review.intro': 'Плата за размещение внесена, объявление ждёт проверки.',
  'review.editedIntro': 'Владелец изменил опубликованное объявление; оно снято с маркетплейса до повторной проверки.',
  'review.title': 'Заголовок',
  'review.category': 'Категория',
  'review.cars': 'Автомобиль',
  'review.plates': 'Номер',
  'review.price': 'Цена',
  'review.forSale': '{{price}} (продажа)',
  'review.location': 'Место',
  'review.owner': 'Владелец',
  'review.listingId': 'ID объявления',
  'review.console': 'Проверить в панели сотрудника:',

  'approved.subject': 'Ваше объявление опубликовано: {{title}}',
  'approved.intro': 'Ваше объявление «{{title}}» прошло проверку и опубликовано на маркетплейсе Medallion.',
  'approved.see': 'Посмотреть:',
  'rental.requested.subject': 'Запрос на аренду: {{title}}',
  'rental.requested.intro':
    '{{name}} хочет арендовать «{{title}}» на {{weeks}} нед., с {{start}} по {{end}}. Одобрите или отклоните запрос в течение 48 часов, иначе срок его действия истечёт.',
  'rental.approved.subject': 'Ваш запрос на аренду одобрен: {{title}}',
  'rental.approved.intro':
    '{{name}} одобрил(а) ваш запрос на аренду «{{title}}» с {{start}} по {{end}}. Прочитайте и примите договор аренды в личном кабинете в течение 48 часов.',
  'rental.declined.subject': 'Ваш запрос на аренду отклонён: {{title}}',
  'rental.declined.intro': '{{name}} отклонил(а) ваш запрос на аренду «{{title}}» с {{start}} по {{end}}.',
  'rental.superseded.intro': '«{{title}}» сдали другому водителю на часть недель из вашего запроса (с {{start}} по {{end}}), поэтому запрос закрыт.',
  'rental.expired.subject': 'Срок запроса на аренду истёк: {{title}}',
  'rental.expired.intro': 'На запрос об аренде «{{title}}» с {{start}} по {{end}} не ответили за 48 часов, поэтому срок его действия истёк.',
  'rental.withdrawn.subject': 'Запрос на аренду отозван: {{title}}',
  'rental.withdrawn.intro': '{{name}} отозвал(а) запрос на аренду «{{title}}» с {{start}} по {{end}}.',
  'rental.accepted.subject': '{{name}} принял(а) договор аренды: {{title}}',
  'rental.accepted.intro': '{{name}} принял(а) договор аренды «{{title}}». Примите его и вы в личном кабинете, чтобы аренда состоялась.',
  'rental.ready.subject': 'Договор аренды подписан: {{title}}',
  'rental.ready.intro': 'Вы оба приняли договор аренды «{{title}}». Передача машины — {{start}}. Подписанный договор — в личном кабинете.',
  'rental.open': 'Ваши аренды:',
  'rejected.subject': 'Объявление нужно исправить: {{title}}',
  'rejected.intro': 'Мы проверили ваше объявление «{{title}}» и пока не можем его опубликовать. Причина:',
  'rejected.outro': 'Исправьте объявление в личном кабинете ({{url}}) и отправьте снова. Плата уже внесена, повторно платить не нужно.',

  'digest.subject': 'Новые объявления по вашим сохранённым поискам',
  'digest.intro': 'На Medallion появились объявления, подходящие под ваши сохранённые поиски.',
  'digest.count_one': '{{count}} новое объявление',
  'digest.count_few': '{{count}} новых объявления',
  'digest.count_many': '{{count}} новых объявлений',
  'digest.count_other': '{{count}} новых объявления',
  'digest.onRequest': 'Цена по запросу',
  'digest.more': 'Все подходящие объявления',
  'digest.stopOne': 'Отключить оповещения по этому поиску',
  'digest.manage': 'Управлять сохранёнными поисками',
  'digest.stopAll': 'Отключить все эти оповещения',
  'digest.why': 'Вы получили это письмо, потому что включили оповещения для сохранённого поиска на Medallion.',

  'reminder.deadlineSubject_one': '«Лицензия TLC»: остался {{count}} день, чтобы пройти курс и сдать экзамен',
  'reminder.deadlineSubject_few': '«Лицензия TLC»: осталось {{count}} дня, чтобы пройти курс и сдать экзамен',
  'reminder.deadlineSubject_many': '«Лицензия TLC»: осталось {{count}} дней, чтобы пройти курс и сдать экзамен',
  'reminder.deadlineSubject_other': '«Лицензия TLC»: осталось {{count}} дня, чтобы пройти курс и сдать экзамен',
  'reminder.deadlineIntro':
    'Вы подали заявление в TLC {{filed}}. 24-часовой курс и экзамен TLC нужно пройти в течение 90 дней после подачи, до {{deadline}}, иначе в заявлении откажут.',
  'reminder.stalledSubject': '«Лицензия TLC»: всё идёт по плану?',
  'reminder.stalledIntro_one': 'За последние {{days}} дней вы не отметили ни одного шага. До {{deadline}} остался {{count}} день.',
  'reminder.stalledIntro_few': 'За последние {{days}} дней вы не отметили ни одного шага. До {{deadline}} осталось {{count}} дня.',
  'reminder.stalledIntro_many': 'За последние {{days}} дней вы не отметили ни одного шага. До {{deadline}} осталось {{count}} дней.',
  'reminder.stalledIntro_other': 'За последние {{days}} дней вы не отметили ни одного шага. До {{deadline}} осталось {{count}} дня.',
  'reminder.open': 'Что ещё осталось',
  'reminder.see': 'Открыть мои шаги',
  'reminder.stop': 'Отключить эти напоминания',
  'reminder.why':
    'Вы получили это письмо, потому что отмечаете шаги получения лицензии TLC на Medallion. Включить или отключить напоминания можно на странице с шагами.',
  'reminder.step.class-e': 'Права класса E',
  'reminder.step.defensive-driving': 'Курс защитного вождения',
  'reminder.step.medical-exam': 'Медосмотр',
  'reminder.step.application': 'Заявление в TLC через LARS',
  'reminder.step.school': 'Занятие по помощи пассажирам на колясках и 24-часовой курс',
  'reminder.step.drug-test': 'Тест на наркотики',
  'reminder.step.fingerprints': 'Отпечатки пальцев и фото',
  'reminder.step.tlc-exam': 'Экзамен TLC',

  'contact.subject': 'Форма обратной связи: {{name}}',
  'contact.intro': 'Новое сообщение из формы «Свяжитесь с нами».',
  'contact.name': 'Имя',
  'contact.email': 'Эл. почта',
  'contact.language': 'Язык',
  'contact.unknownLanguage': 'неизвестен',
  'contact.received': 'Получено',
  'contact.reference': 'Номер обращения',
  'handover.pickupSubject': 'Фото при получении машины {{car}}',
  'handover.returnSubject': 'Фото при возврате машины {{car}}',
  'handover.pickupSent': '{{party}} отправил(а) фото при получении машины {{car}} {{date}}: одометр {{odometer}} миль, топливо или заряд {{fuel}} %.',
  'handover.returnSent': '{{party}} отправил(а) фото при возврате машины {{car}} {{date}}: одометр {{odometer}} миль, топливо или заряд {{fuel}} %.',
  'handover.returned':
    'Машина возвращена: еженедельная плата больше не списывается. Владелец может заявить о повреждениях в течение 24 часов; если претензии нет, залог вернётся через 72 часа после возврата.',
  'handover.seeRental': 'Фото — на странице аренды: {{url}}',
  'claim.openedSubject': 'Претензия на залог за машину {{car}}',
  'claim.opened': '{{owner}} требует {{amount}} из залога {{deposit}} за повреждения машины {{car}}: «{{description}}»',
  'claim.answerWithin': 'У водителя 72 часа, чтобы принять или оспорить её на странице аренды; без ответа претензия считается принятой: {{url}}',
  'claim.acceptedSubject': 'Претензия за машину {{car}} принята',
  'claim.accepted': '{{driver}} принял(а) претензию на {{amount}} за машину {{car}}.',
  'claim.disputedSubject': 'Претензия за машину {{car}} оспорена',
  'claim.disputed':
    '{{driver}} оспорил(а) претензию на {{amount}} за машину {{car}}. Наши сотрудники посмотрят фото передачи машины и примут решение; до тех пор залог не возвращается.',
  'claim.unansweredSubject': 'Претензия за машину {{car}} считается принятой',
  'claim.unanswered': 'Водитель не ответил на претензию на {{amount}} за машину {{car}} в течение 72 часов, поэтому претензия считается принятой.',
  'claim.decidedSubject': 'Наше решение по претензии за машину {{car}}',
  'claim.decided': 'Наши сотрудники рассмотрели спорную претензию за машину {{car}}: из заявленных {{amount}} из залога удерживается {{kept}}.',
  'claim.refundFollows': 'Остаток залога, {{refund}}, вернётся на карту водителя.',
  'deposit.refundedSubject': 'Залог за машину {{car}} возвращён',
  'deposit.refunded': 'Залог за машину {{car}} рассчитан: {{refund}} возвращено на карту водителя, {{kept}} удержано по претензии. Аренда закрыта.',
};

export const MAIL_MESSAGES: Record<Language, Readonly<Record<string, string>>> = { en: MAIL_MESSAGES_EN, ru: MAIL_MESSAGES_RU };

/** The values of a text's placeholders; `count` also picks the plural form. */
export type MailParams = Record<string, string | number>;

/** The text of a key in one language, its placeholders filled in (i18next's `t`). */
export type MailT = (key: MailKey, params?: MailParams) => string;

/**
 * The `t` of one language: the plural form of `params.count` when the key has forms, else the key's
 * text; a key the language lacks comes out as the key itself (as i18next does; a test looks for it).
 */
export function mailTranslator(language: Language): MailT {
  const texts = MAIL_MESSAGES[language];
  const plural = new Intl.PluralRules(language);
  return (key, params) => {
    const count = params?.count;
    const text = (typeof count === 'number' ? (texts[`${key}_${plural.select(count)}`] ?? texts[`${key}_other`]) : undefined) ?? texts[key] ?? key;
    return fillPlaceholders(text, params);
  };
}
