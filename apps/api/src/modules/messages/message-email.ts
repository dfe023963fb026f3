import { inLanguages, READER_LANGUAGES } from '../../integrations/mail/mail-languages';
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
 * The message is quoted once, in the first language's part; the others point up to it.
 */
export function relayedMessageEmail(m: RelayedMessage): OutgoingMail {
  const url = new URL(`/dashboard?tab=messages&conversation=${m.conversationId}`, m.publicUrl).toString();
  const sender = m.senderName;
  return {
    to: m.recipientEmail,
    replyTo: m.senderEmail,
    ...inLanguages(READER_LANGUAGES, (t, _language, first) => {
      const about = t(m.toOwner ? 'message.aboutYourListing' : 'message.aboutListing', { title: m.listingTitle });
      return {
        subject: t('message.subject', { title: m.listingTitle, sender }),
        text: [
          t('common.hello', { name: m.recipientName }),
          '',
          ...(first ? [t('message.intro', { sender, about }), '', m.body] : [t('message.introQuotedAbove', { sender, about })]),
          '',
          `${t('message.readAndReply')} ${url}`,
          t('message.replyByMail', { sender }),
        ].join('\n'),
      };
    }),
    category: 'notice',
  };
}
