import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingReports, listings } from '@medallion/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser, signedInStaff } from './helpers/auth';
import { insertListing } from './helpers/listings';

describe('report this listing and the staff queue', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const owner = await createConfirmedUser(app, 'owner@example.com', 'Secret123', 'Olga Owner');
  const driver = await createConfirmedUser(app, 'driver@example.com', 'Secret123', 'Dmitri Driver');
  const second = await createConfirmedUser(app, 'second@example.com', 'Secret123', 'Second Driver');
  const staff = await signedInStaff(app, 'staff@example.com');
  const scam = await insertListing(app, owner.id, { title: 'Too good to be true' });
  const duplicate = await insertListing(app, owner.id, { title: 'Posted twice' });

  const report = (cookie: string | undefined, id: string, payload: unknown) =>
    app.inject({ method: 'POST', url: `/api/listing/${id}/report`, headers: cookie ? { cookie } : {}, payload: payload as object });
  const queue = (cookie?: string) => app.inject({ method: 'GET', url: '/api/admin/listing-reports', headers: cookie ? { cookie } : {} });
  const resolve = (cookie: string | undefined, id: string, action: unknown) =>
    app.inject({ method: 'POST', url: `/api/admin/listing-reports/${id}/resolve`, headers: cookie ? { cookie } : {}, payload: { action } });
  const reportRows = (id: string) => app.db.select().from(listingReports).where(eq(listingReports.listingId, id));

  it('asks guests to sign in (401); the queue and its actions are staff only (403)', async () => {
    expect((await report(undefined, scam, { reason: 'scam' })).statusCode).toBe(401);
    expect((await queue()).statusCode).toBe(401);
    expect((await resolve(undefined, scam, 'dismiss')).statusCode).toBe(401);
    expect((await queue(driver.cookie)).statusCode).toBe(403);
    expect((await resolve(driver.cookie, scam, 'deactivate')).statusCode).toBe(403);
    expect(await reportRows(scam)).toEqual([]);
  });

  it('takes one report per user and listing; a second says it was reported already (409), also in parallel', async () => {
    const [a, b] = await Promise.all([
      report(driver.cookie, scam, { reason: 'scam', details: 'Asks for a $500 deposit by Zelle before a viewing.' }),
      report(driver.cookie, scam, { reason: 'scam', details: 'Asks for a $500 deposit by Zelle before a viewing.' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const again = await report(driver.cookie, scam, { reason: 'misleading' });
    expect(again.statusCode).toBe(409);
    expect(again.json().key).toBe('listingReport.alreadyReported');
    expect(await reportRows(scam)).toHaveLength(1);
    expect((await report(second.cookie, scam, { reason: 'other', details: 'The phone number belongs to someone else.' })).statusCode).toBe(200);
    expect((await report(driver.cookie, duplicate, { reason: 'duplicate' })).statusCode).toBe(200);
  });

  it('refuses the own listing (403) and listings that are not public (404)', async () => {
    const own = await report(owner.cookie, scam, { reason: 'scam' });
    expect(own.statusCode).toBe(403);
    expect(own.json().key).toBe('listingReport.ownListing');
    const inactive = await insertListing(app, owner.id, { status: 'INACTIVE' });
    const deleted = await insertListing(app, owner.id, { deletedAt: new Date() });
    for (const id of [inactive, deleted, '00000000-0000-4000-8000-000000000000', 'x'.repeat(40)]) {
      expect((await report(second.cookie, id, { reason: 'scam' })).statusCode, id).toBe(404);
    }
  });

  it('refuses bad input with a 400 on the field: unknown reason, "other" without details, NUL, huge, wrong types', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ reason: 'boring' }, 'reason', 'listingReportReasonRequired'],
      [{}, 'reason', 'listingReportReasonRequired'],
      [{ reason: 7 }, 'reason', 'listingReportReasonRequired'],
      [{ reason: 'other' }, 'details', 'listingReportDetailsRequired'],
      [{ reason: 'other', details: '   ' }, 'details', 'listingReportDetailsRequired'],
      [{ reason: 'scam', details: 'a\u0000b' }, 'details', 'textControlCharacters'],
      [{ reason: 'scam', details: 'x'.repeat(100_000) }, 'details', 'listingReportDetailsTooLong'],
      [{ reason: 'scam', details: { text: 'x' } }, 'details', ''],
    ];
    for (const [payload, field, key] of cases) {
      const res = await report(second.cookie, duplicate, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 50)).toBe(400);
      if (key) expect(res.json().fields[field].key).toBe(key);
      else expect(res.json().fields[field]).toBeDefined();
    }
    expect(await reportRows(duplicate)).toHaveLength(1);
    const badAction = await resolve(staff.cookie, scam, 'delete');
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json().fields.action.key).toBe('listingReportActionInvalid');
  });

  it('shows staff the open reports grouped by listing, the most reported first, with reason counts; the overview counts them', async () => {
    const res = await queue(staff.cookie);
    expect(res.statusCode).toBe(200);
    const groups = res.json().data;
    expect(groups.map((g: { listing_id: string }) => g.listing_id)).toEqual([scam, duplicate]);
    expect(groups[0]).toMatchObject({
      listing_title: 'Too good to be true',
      listing_status: 'ACTIVE',
      owner_email: 'owner@example.com',
      reason_counts: expect.arrayContaining([
        { reason: 'scam', count: 1 },
        { reason: 'other', count: 1 },
      ]),
    });
    expect(groups[0].reports).toHaveLength(2);
    expect(groups[0].reports[0]).toMatchObject({
      reason: 'scam',
      reporter_email: 'driver@example.com',
      details: 'Asks for a $500 deposit by Zelle before a viewing.',
    });
    const overview = await app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie: staff.cookie } });
    expect(overview.json().data.listing_reports_open).toBe(3);
  });

  it('dismisses: reports closed with who and when, the listing stays active; a second decision is 404', async () => {
    const res = await resolve(staff.cookie, duplicate, 'dismiss');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ listing_id: duplicate, action: 'dismiss', resolved: 1, listing_status: 'ACTIVE' });
    const [row] = await reportRows(duplicate);
    expect(row).toMatchObject({ status: 'dismissed', resolvedBy: expect.any(String) });
    expect(row!.resolvedAt).toBeInstanceOf(Date);
    const again = await resolve(staff.cookie, duplicate, 'dismiss');
    expect(again.statusCode).toBe(404);
    expect(again.json().key).toBe('listingReport.notFound');
  });

  it('deactivates: the listing leaves the marketplace and its reports are actioned', async () => {
    const [a, b] = await Promise.all([resolve(staff.cookie, scam, 'deactivate'), resolve(staff.cookie, scam, 'deactivate')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 404]);
    const done = a.statusCode === 200 ? a : b;
    expect(done.json().data).toMatchObject({ action: 'deactivate', resolved: 2, listing_status: 'INACTIVE' });
    const [listing] = await app.db.select().from(listings).where(eq(listings.id, scam));
    expect(listing!.status).toBe('INACTIVE');
    expect((await reportRows(scam)).map((r) => r.status)).toEqual(['actioned', 'actioned']);
    expect((await app.inject({ method: 'GET', url: `/api/listing/${scam}` })).statusCode).toBe(404);
    expect((await queue(staff.cookie)).json().data).toEqual([]);
  });
});
