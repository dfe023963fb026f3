import type { ContactUsRequest } from '@medallion/contracts/contact';
import type { Database } from '@medallion/db/client';
import { contactMessages } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { contactEmail } from './contact-email';

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

    await mailer.send(
      contactEmail({
        to: input.supportEmail,
        name: input.name,
        email: input.email,
        locale: input.locale,
        message: input.message,
        id: row.id,
        receivedAt: row.createdAt,
      }),
      tx,
    );
    return { id: row.id };
  });
  mailer.deliverSoon();
  return created;
}
