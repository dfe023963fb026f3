import type { ContactUsRequest } from '@medallion/contracts/contact';
import type { Database } from '@medallion/db/client';
import { contactMessages } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { escapeHtml } from '../../lib/escape-html';

export interface ContactMessageInput extends ContactUsRequest {
  locale: string | null;
  supportEmail: string;
}

/** Stores the message and queues the e-mail to the support mailbox in one transaction. */
export async function createContactMessage(db: Database, mailer: Mailer, input: ContactMessageInput): Promise<{ id: string }> {
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, message: input.message, locale: input.locale })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    if (!row) throw new Error('contact message insert returned no row');

    const lines = [
      'New message from the Contact us form.',
      '',
      `Name: ${input.name}`,
      `E-mail: ${input.email}`,
      `Language: ${input.locale ?? 'unknown'}`,
      `Received: ${row.createdAt.toISOString()}`,
      `Reference: ${row.id}`,
      '',
      input.message,
    ];
    await mailer.send(
      {
        to: input.supportEmail,
        replyTo: input.email,
        subject: `Contact form: ${input.name}`,
        category: 'contact',
        text: lines.join('\n'),
        html: `<p>New message from the Contact us form.</p>
<p><strong>Name:</strong> ${escapeHtml(input.name)}<br><strong>E-mail:</strong> ${escapeHtml(input.email)}<br><strong>Language:</strong> ${escapeHtml(input.locale ?? 'unknown')}<br><strong>Reference:</strong> ${row.id}</p>
<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
      },
      tx,
    );
    return { id: row.id };
  });
  mailer.deliverSoon();
  return created;
}
