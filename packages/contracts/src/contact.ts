import { z } from 'zod';
import { freeText, text } from './text';

export const CONTACT_NAME_MIN = 2;
export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 5000;

export const CONTACT_SUCCESS_MESSAGE = 'Thank you for your question. Our team will reach out to you soon.';

/** POST /contact-us request body. Messages are keys of MESSAGES. */
export const contactUsRequestSchema = z.object({
  name: text({ error: 'nameRequired' }).trim().min(1, 'nameRequired').min(CONTACT_NAME_MIN, 'nameMin').max(CONTACT_NAME_MAX, 'nameMax'),
  email: text({ error: 'emailRequired' }).trim().min(1, 'emailRequired').max(254, 'emailInvalid').pipe(z.email('emailInvalid')),
  message: freeText({ error: 'messageRequired' }).trim().min(1, 'messageRequired').max(CONTACT_MESSAGE_MAX, 'messageMax'),
});
export type ContactUsRequest = z.infer<typeof contactUsRequestSchema>;
export type ContactUsInput = z.input<typeof contactUsRequestSchema>;

export const contactUsResponseSchema = z.object({
  message: z.string(),
});
export type ContactUsResponse = z.infer<typeof contactUsResponseSchema>;
