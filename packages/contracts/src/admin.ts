import { z } from 'zod';

/** GET /admin/overview (staff only). */
export const adminOverviewResponseSchema = z.object({
  data: z.object({
    users: z.number().int(),
    staff: z.number().int(),
    mail_pending: z.number().int(),
    mail_failed: z.number().int(),
    contact_messages: z.array(
      z.object({ id: z.string(), name: z.string(), email: z.string(), message: z.string(), created_at: z.string() }),
    ),
  }),
});
export type AdminOverviewResponse = z.infer<typeof adminOverviewResponseSchema>;
