/**
 * The words of the rental agreement and of its electronic-records consent (ESIGN Act, 15 U.S.C. § 7001(c)):
 * what the parties agree to, how to get a paper copy, how to withdraw consent. The agreement PDF
 * (apps/api modules/rentals/agreement-pdf.ts) and the dashboard's acceptance form (apps/web
 * features/rentals) both use these, so what is signed is what was shown. A change of wording is a new
 * CONSENT_VERSION (kept with each agreement).
 */
export const CONSENT_VERSION = '2026-11-28';

const EN = {
  title: 'Vehicle rental agreement',
  intro: 'This agreement is made on Medallion between the owner and the driver named below for the vehicle and the weeks below.',
  parties: 'Parties',
  owner: 'Owner',
  driver: 'Driver',
  tlcLicense: 'TLC driver license',
  vehicle: 'Vehicle',
  vin: 'VIN',
  plate: 'Plate',
  terms: 'Terms (the listing’s all-in cost label when approved)',
  weeklyRent: 'Weekly rent',
  deposit: 'Deposit (charged at pick-up, refunded after the return less an accepted damage claim)',
  period: 'Rental period',
  weeks: 'Weeks',
  mileage: 'Mileage',
  unlimited: 'Unlimited',
  milesPerWeek: '{{miles}} miles a week',
  insurance: 'Insurance',
  tlcPlate: 'TLC plate (diamond)',
  maintenance: 'Maintenance',
  deductible: 'Deductible',
  remoteDisabling: 'The car can be disabled remotely',
  included: 'Included',
  notIncluded: 'Not included',
  yes: 'Yes',
  no: 'No',
  never: 'Never included: tolls, tickets, fuel or charging. The driver pays them.',
  schedule: 'Payment schedule',
  scheduleFirst: 'Week {{n}}, {{date}}: {{amount}} rent + {{deposit}} deposit, charged at pick-up',
  scheduleWeek: 'Week {{n}}, {{date}}: {{amount}} rent, charged to the driver’s card on that day',
  rules:
    'Payments go through Medallion only. A declined weekly charge is retried on the next two days; 72 hours after it, the owner may end the rental. The driver returns the car at the end of the period. The owner may claim damage within 24 hours of the return, up to the deposit; the driver may accept or dispute it, and Medallion’s staff decide a dispute.',
  consentTitle: 'Consent to electronic records and signatures',
  consent1:
    'By checking the box and typing your name you agree to receive this agreement and the notices about this rental electronically, and to sign it electronically. Your typed name is your signature, with the same effect as a signature on paper.',
  consent2: 'You need a device that can open PDF files and an e-mail address. The signed agreement stays downloadable from your dashboard.',
  consent3: 'To get a paper copy at no charge, write to Medallion through the Contact us page with the rental’s number.',
  consent4:
    'You may withdraw this consent before you accept by not accepting, and afterwards by writing to us through the Contact us page; withdrawing does not undo a signature already given, and the rental then continues on paper.',
  acceptances: 'Acceptance',
  acceptedBy: '{{role}}: accepted by “{{name}}” on {{at}} from {{ip}}',
  notYet: '{{role}}: not accepted yet',
  rentalId: 'Rental number',
} as const;

export type AgreementTextKey = keyof typeof EN;

const RU: Record<AgreementTextKey, string> = {
  title: 'Договор аренды автомобиля',
  intro: 'Этот договор заключается на Medallion между указанными ниже владельцем и водителем на указанные автомобиль и недели.',
  parties: 'Стороны',
  owner: 'Владелец',
  driver: 'Водитель',
  tlcLicense: 'Лицензия водителя TLC',
  vehicle: 'Автомобиль',
  vin: 'VIN',
  plate: 'Номер',
  terms: 'Условия (полная стоимость из объявления на момент одобрения)',
  weeklyRent: 'Аренда в неделю',
  deposit: 'Залог (списывается при передаче, возвращается после возврата за вычетом принятой претензии)',
  period: 'Срок аренды',
  weeks: 'Недель',
  mileage: 'Пробег',
  unlimited: 'Без ограничений',
  milesPerWeek: '{{miles}} миль в неделю',
  insurance: 'Страховка',
  tlcPlate: 'Номер TLC (diamond)',
  maintenance: 'Обслуживание',
  deductible: 'Франшиза',
  remoteDisabling: 'Машину можно заблокировать удалённо',
  included: 'Включено',
  notIncluded: 'Не включено',
  yes: 'Да',
  no: 'Нет',
  never: 'Никогда не включены: платные дороги, штрафы, топливо или зарядка. Их оплачивает водитель.',
  schedule: 'График платежей',
  scheduleFirst: 'Неделя {{n}}, {{date}}: аренда {{amount}} + залог {{deposit}}, списываются при передаче',
  scheduleWeek: 'Неделя {{n}}, {{date}}: аренда {{amount}}, списывается с карты водителя в этот день',
  rules:
    'Платежи проходят только через Medallion. Неудачное еженедельное списание повторяется в следующие два дня; через 72 часа владелец может завершить аренду. Водитель возвращает машину в конце срока. Владелец может заявить о повреждениях в течение 24 часов после возврата, в пределах залога; водитель может принять или оспорить претензию, спор решают сотрудники Medallion.',
  consentTitle: 'Согласие на электронные документы и подписи',
  consent1:
    'Отмечая флажок и вводя своё имя, вы соглашаетесь получать этот договор и уведомления об аренде в электронном виде и подписать его электронно. Введённое имя — ваша подпись, она имеет ту же силу, что и подпись на бумаге.',
  consent2: 'Нужны устройство, которое открывает файлы PDF, и адрес электронной почты. Подписанный договор можно скачать в личном кабинете.',
  consent3: 'Чтобы бесплатно получить бумажную копию, напишите Medallion через страницу «Связаться с нами», указав номер аренды.',
  consent4:
    'Отозвать согласие можно до принятия — просто не принимая договор, а после — написав нам через страницу «Связаться с нами»; отзыв не отменяет уже данную подпись, и тогда аренда продолжается на бумаге.',
  acceptances: 'Принятие',
  acceptedBy: '{{role}}: принят «{{name}}» {{at}} с адреса {{ip}}',
  notYet: '{{role}}: ещё не принят',
  rentalId: 'Номер аренды',
};

export const AGREEMENT_TEXT = { en: EN, ru: RU } as const satisfies Record<'en' | 'ru', Record<AgreementTextKey, string>>;

/** The text of `key` in `language` with its `{{params}}` filled in. */
export function agreementText(language: 'en' | 'ru', key: AgreementTextKey, params: Record<string, string | number> = {}): string {
  return AGREEMENT_TEXT[language][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
