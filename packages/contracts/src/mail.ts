import { z } from 'zod';

export const devMailMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  created_at: z.string(),
});
export type DevMailMessage = z.infer<typeof devMailMessageSchema>;

/** GET /dev/mail: the local dev mailbox, newest first. Exists only when SMTP_URL is not set. */
export const devMailListResponseSchema = z.object({
  data: z.array(devMailMessageSchema),
});
export type DevMailListResponse = z.infer<typeof devMailListResponseSchema>;
