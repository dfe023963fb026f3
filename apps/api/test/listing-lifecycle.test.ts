import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LISTING_STATUSES, type ListingStatus } from '@medallion/contracts/listings';
import { listingReports, listings, mailOutbox } from '@medallion/db/schema';
import { LISTING_EVENTS, LISTING_TRANSITIONS, nextStatus, type ListingEvent } from '../src/modules/listings/listing-lifecycle';
import { createConfirmedUser, signedInStaff } from './helpers/auth';
import { buildTestApp } from './helpers/build-test-app';
import { insertListing } from './helpers/listings';
import { payListingFee, saveSandboxCard } from './helpers/payments';

/** The lifecycle written out by hand: where each event leads from each status, `null` where it is refused. */
const EXPECTED: Record<ListingEvent, Record<ListingStatus, ListingStatus | null>> = {
  submit: { DRAFT: 'UNDER_REVIEW', UNDER_REVIEW: null, ACTIVE: null, INACTIVE: null },
  approve: { DRAFT: null, UNDER_REVIEW: 'ACTIVE', ACTIVE: null, INACTIVE: null },
  reject: { DRAFT: null, UNDER_REVIEW: 'DRAFT', ACTIVE: null, INACTIVE: null },
  deactivate: { DRAFT: null, UNDER_REVIEW: null, ACTIVE: 'INACTIVE', INACTIVE: 'INACTIVE' },
  activate: { DRAFT: null, UNDER_REVIEW: null, ACTIVE: 'ACTIVE', INACTIVE: 'ACTIVE' },
  edit: { DRAFT: null, UNDER_REVIEW: null, ACTIVE: 'UNDER_REVIEW', INACTIVE: 'UNDER_REVIEW' },
  hide: { DRAFT: null, UNDER_REVIEW: null, ACTIVE: 'INACTIVE', INACTIVE: null },
  delete: { DRAFT: 'INACTIVE', UNDER_REVIEW: 'INACTIVE', ACTIVE: 'INACTIVE', INACTIVE: 'INACTIVE' },
};

const WHO: Record<ListingEvent, string[]> = {
  submit: ['system'],
  approve: ['staff'],
  reject: ['staff'],
  deactivate: ['owner'],
  activate: ['owner'],
  edit: ['owner'],
  hide: ['staff'],
  delete: ['owner'],
};

describe('the listing lifecycle (pure)', () => {
  it('knows exactly the events written out here', () => {
    expect([...LISTING_EVENTS].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const event of Object.keys(EXPECTED) as ListingEvent[]) {
    for (const from of LISTING_STATUSES) {
      const to = EXPECTED[event][from];
      it(`${event} from ${from}: ${to ?? 'refused'}`, () => {
        expect(nextStatus(from, event)).toBe(to);
      });
    }
    it(`${event} is done by ${WHO[event].join(', ')}`, () => {
      expect([...LISTING_TRANSITIONS[event].by]).toEqual(WHO[event]);
    });
  }
});

describe('the listing lifecycle through the API', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const OWNER_EMAIL = 'lifecycle-owner@example.com';
  const owner = await createConfirmedUser(app, OWNER_EMAIL, 'Secret123', 'Olga Owner');
  const reporter = await createConfirmedUser(app, 'lifecycle-driver@example.com', 'Secret123', 'Dmitri Driver');
  const staff = await signedInStaff(app, 'lifecycle-staff@example.com');
  const card = await saveSandboxCard(app, owner.cookie);

  /** A complete listing of the owner in `status` (published before unless a draft, so a delete keeps it). */
  const listingIn = (status: ListingStatus, overrides: Partial<typeof listings.$inferInsert> = {}) =>
    insertListing(app, owner.id, {
      status,
      carMake: 'Toyota',
      carModel: 'Camry',
      carYear: 2021,
      publishedAt: status === 'DRAFT' || status === 'UNDER_REVIEW' ? null : new Date('2025-01-02T03:04:05Z'),
      ...overrides,
    });
  const row = async (id: string) => (await app.db.select().from(listings).where(eq(listings.id, id)))[0]!;
  const post = (cookie: string, url: string, payload?: object) => app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** Each event as its writer does it through the API. */
  const act: Record<Exclude<ListingEvent, 'edit'>, (id: string) => ReturnType<typeof post>> = {
    submit: (id) => payListingFee(app, owner.cookie, card, id),
    approve: (id) => post(staff.cookie, `/api/admin/listings/${id}/approve`),
    reject: (id) => post(staff.cookie, `/api/admin/listings/${id}/reject`, { reason: 'The pictures show another car.' }),
    deactivate: (id) => post(owner.cookie, '/api/listing/change-status', { listing_id: id, listing_status: 'INACTIVE' }),
    activate: (id) => post(owner.cookie, '/api/listing/change-status', { listing_id: id, listing_status: 'ACTIVE' }),
    hide: async (id) => {
      await app.db.insert(listingReports).values({ listingId: id, reporterId: reporter.id, reason: 'scam' });
      return post(staff.cookie, `/api/admin/listing-reports/${id}/resolve`, { action: 'deactivate' });
    },
    delete: (id) => app.inject({ method: 'DELETE', url: `/api/listing/${id}`, headers: { cookie: owner.cookie } }),
  };
  /** The answer of a refused event, as the API gave it before the lifecycle (hide: the reports are closed, the listing stays). */
  const refusal: Record<Exclude<ListingEvent, 'edit'>, [number, string | null]> = {
    submit: [409, 'listing.feeNotDraft'],
    approve: [409, 'listing.notUnderReview'],
    reject: [409, 'listing.notUnderReview'],
    deactivate: [400, 'listing.notPublished'],
    activate: [400, 'listing.notPublished'],
    hide: [200, null],
    delete: [200, null],
  };

  for (const event of Object.keys(act) as Array<keyof typeof act>) {
    it(`${event}: moves a listing as the lifecycle says from every status, and answers as before where refused`, async () => {
      for (const from of LISTING_STATUSES) {
        // Published once, so a deleted draft is kept (a never-published, never-paid draft's row is removed instead).
        const id = await listingIn(from, event === 'delete' ? { publishedAt: new Date('2025-01-02T03:04:05Z') } : {});
        const res = await act[event](id);
        const to = EXPECTED[event][from];
        const after = await row(id);
        if (to) {
          expect(res.statusCode, `${event} from ${from}: ${res.body}`).toBe(200);
          expect(after.status, `${event} from ${from}`).toBe(to);
          expect(after.deletedAt !== null, `${event} from ${from}`).toBe(event === 'delete');
        } else {
          const [code, key] = refusal[event];
          expect(res.statusCode, `${event} from ${from}: ${res.body}`).toBe(code);
          if (key) expect(res.json().key).toBe(key);
          expect(after.status, `${event} from ${from}`).toBe(from);
        }
      }
    });
  }

  it('no event moves a deleted listing, even from a status it would move otherwise: "not found" (a report is just closed)', async () => {
    for (const event of Object.keys(act) as Array<keyof typeof act>) {
      const from = LISTING_STATUSES.find((status) => EXPECTED[event][status] !== null && EXPECTED[event][status] !== status)!;
      const deletedAt = new Date('2025-02-03T04:05:06Z');
      const id = await listingIn(from, { deletedAt });
      const res = await act[event](id);
      expect(res.statusCode, `${event} from deleted ${from}: ${res.body}`).toBe(event === 'hide' ? 200 : 404);
      expect(await row(id), event).toMatchObject({ status: from, deletedAt });
    }
  });

  it('each move writes what goes with it: the reason, its clearing, the first publication, the deletion time, the e-mails', async () => {
    const mails = async (to: string) => (await app.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, to))).length;
    const id = await listingIn('DRAFT');
    expect((await act.submit(id)).statusCode).toBe(200);
    expect((await row(id)).status).toBe('UNDER_REVIEW');

    const ownerMails = await mails(OWNER_EMAIL);
    expect((await act.reject(id)).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'DRAFT', rejectionReason: 'The pictures show another car.', publishedAt: null });
    expect(await mails(OWNER_EMAIL)).toBe(ownerMails + 1);

    // Resubmitted after the rejection: free (the fee was paid), the reason cleared.
    expect((await act.submit(id)).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'UNDER_REVIEW', rejectionReason: null });

    const approved = await act.approve(id);
    expect(approved.statusCode).toBe(200);
    const first = (await row(id)).publishedAt!;
    expect(approved.json().data.timestamp).toBe(first.toISOString());
    expect(await mails(OWNER_EMAIL)).toBe(ownerMails + 2);

    // Back to review by an edit and approved again: the first publication time stays.
    await app.db.update(listings).set({ status: 'UNDER_REVIEW' }).where(eq(listings.id, id));
    expect((await act.approve(id)).statusCode).toBe(200);
    expect((await row(id)).publishedAt).toEqual(first);

    expect((await act.delete(id)).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'INACTIVE', deletedAt: expect.any(Date) });
  });

  it('of parallel decisions on one listing exactly one moves it; the others are refused', async () => {
    const id = await listingIn('UNDER_REVIEW');
    const answers = await Promise.all([act.approve(id), act.reject(id), act.approve(id), act.reject(id)]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().data;
    expect((await row(id)).status).toBe(winner.status);
  });
});
