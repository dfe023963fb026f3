import { count, desc, eq } from 'drizzle-orm';
import type { AdminOverviewResponse } from '@medallion/contracts/admin';
import type { Database } from '@medallion/db/client';
import { contactMessages, mailOutbox, user } from '@medallion/db/schema';
import { countOpenListingReports } from '../listing-reports/review-listing-reports';

export async function getAdminOverview(db: Database): Promise<AdminOverviewResponse['data']> {
  const [[users], [staff], [pending], [failed], messages, openReports] = await Promise.all([
    db.select({ n: count() }).from(user),
    db.select({ n: count() }).from(user).where(eq(user.role, 'staff')),
    db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'pending')),
    db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'failed')),
    db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(20),
    countOpenListingReports(db),
  ]);
  return {
    users: users?.n ?? 0,
    staff: staff?.n ?? 0,
    mail_pending: pending?.n ?? 0,
    mail_failed: failed?.n ?? 0,
    listing_reports_open: openReports,
    contact_messages: messages.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      message: m.message,
      created_at: m.createdAt.toISOString(),
    })),
  };
}
