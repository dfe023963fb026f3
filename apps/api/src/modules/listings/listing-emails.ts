import type { OutgoingMail } from '../../integrations/mail/mailer';

interface ListingFacts {
  id: string;
  title: string;
  ownerName: string;
  ownerEmail: string;
  publicUrl: string;
}

const link = (publicUrl: string, path: string) => new URL(path, publicUrl).toString();

/**
 * To the staff mailbox when a paid listing waits for review: a new one, or (`edited`) a published
 * listing whose owner changed its text, vehicle data, pictures or place.
 */
export function reviewNoticeEmail(to: string, l: ListingFacts & { category: string; price: string; place: string; edited?: boolean }): OutgoingMail {
  return {
    to,
    subject: `${l.edited ? 'Edited listing to review' : 'Listing to review'}: ${l.title}`,
    text: [
      l.edited
        ? 'The owner edited a published listing; it is off the marketplace until it is reviewed again.'
        : 'A listing fee was paid and a listing waits for review.',
      '',
      `Title: ${l.title}`,
      `Category: ${l.category}`,
      `Price: ${l.price}`,
      `Location: ${l.place}`,
      `Owner: ${l.ownerName} <${l.ownerEmail}>`,
      `Listing id: ${l.id}`,
      '',
      `Review it in the staff console: ${link(l.publicUrl, '/admin/listings')}`,
    ].join('\n'),
    replyTo: l.ownerEmail,
    category: 'notice',
  };
}

/** To the owner when staff publish the listing. */
export function listingApprovedEmail(l: ListingFacts): OutgoingMail {
  const url = link(l.publicUrl, `/listing/${l.id}`);
  return {
    to: l.ownerEmail,
    subject: `Your listing is published / Ваше объявление опубликовано: ${l.title}`,
    text: [
      `Hello ${l.ownerName},`,
      '',
      `Good news: your listing "${l.title}" passed review and is now in the Medallion marketplace.`,
      `See it here: ${url}`,
      '',
      '---',
      `Здравствуйте, ${l.ownerName}!`,
      '',
      `Ваше объявление «${l.title}» прошло проверку и опубликовано на маркетплейсе Medallion.`,
      `Посмотреть: ${url}`,
    ].join('\n'),
    category: 'notice',
  };
}

/** To the owner when staff send the listing back, with the reason. Resubmitting costs nothing. */
export function listingRejectedEmail(l: ListingFacts & { reason: string }): OutgoingMail {
  const url = link(l.publicUrl, '/dashboard');
  return {
    to: l.ownerEmail,
    subject: `Your listing needs changes / Объявление нужно исправить: ${l.title}`,
    text: [
      `Hello ${l.ownerName},`,
      '',
      `Our team reviewed your listing "${l.title}" and could not publish it yet. The reason:`,
      '',
      `  ${l.reason}`,
      '',
      `Edit the listing from your dashboard (${url}) and send it again. The listing fee is already paid: you will not be charged again.`,
      '',
      '---',
      `Здравствуйте, ${l.ownerName}!`,
      '',
      `Мы проверили ваше объявление «${l.title}» и пока не можем его опубликовать. Причина:`,
      '',
      `  ${l.reason}`,
      '',
      `Исправьте объявление в личном кабинете (${url}) и отправьте снова. Плата уже внесена, повторно платить не нужно.`,
    ].join('\n'),
    category: 'notice',
  };
}
