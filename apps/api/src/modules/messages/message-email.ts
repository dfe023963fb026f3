import type { OutgoingMail } from '../../integrations/mail/mailer';

export interface RelayedMessage {
  conversationId: string;
  listingTitle: string;
  senderName: string;
  senderEmail: string;
  recipientName: string;
  recipientEmail: string;
  /** Whether the recipient owns the listing (a first message or a driver's) or wrote to its owner (a reply). */
  toOwner: boolean;
  body: string;
  publicUrl: string;
}

/**
 * The relayed message: to the other party, with Reply-To the sender's address (so a reply from the
 * mail program reaches them), naming the listing and linking to the thread in the dashboard. It
 * carries the sender's name, the message and nothing else of theirs (no phone, no other listings).
 */
export function relayedMessageEmail(m: RelayedMessage): OutgoingMail {
  const url = new URL(`/dashboard?tab=messages&conversation=${m.conversationId}`, m.publicUrl).toString();
  const about = m.toOwner ? `your listing "${m.listingTitle}"` : `the listing "${m.listingTitle}"`;
  const aboutRu = m.toOwner ? `вашему объявлению «${m.listingTitle}»` : `объявлению «${m.listingTitle}»`;
  return {
    to: m.recipientEmail,
    replyTo: m.senderEmail,
    subject: `Message about "${m.listingTitle}" from ${m.senderName} / Сообщение по объявлению`,
    text: [
      `Hello ${m.recipientName},`,
      '',
      `${m.senderName} sent you a message on Medallion about ${about}:`,
      '',
      m.body,
      '',
      `Read the conversation and reply in your dashboard: ${url}`,
      `Replying to this e-mail writes to ${m.senderName} directly.`,
      '',
      '---',
      `Здравствуйте, ${m.recipientName}!`,
      '',
      `${m.senderName} написал(а) вам на Medallion по ${aboutRu}. Текст сообщения приведён выше.`,
      `Переписка и ответ — в личном кабинете: ${url}`,
    ].join('\n'),
    category: 'notice',
  };
}
