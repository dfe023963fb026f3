import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '@medallion/db/schema';
import { createConfirmedUser } from './helpers/auth';
import { buildTestApp } from './helpers/build-test-app';
import { RENTAL_LABEL_FIELDS } from '../../../test-support/rental-label';

const LOCATION = JSON.stringify({ city: 'Queens', state: 'NY', zip_code: '11101' });

describe('the all-in cost label of a rental listing', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const owner = await createConfirmedUser(app, 'label-owner@example.com', 'Secret123', 'Olga Owner');
  const save = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/listing/save-draft', headers: { cookie: owner.cookie }, payload });
  const row = async (id: string) => (await app.db.select().from(listings).where(eq(listings.id, id)))[0]!;
  async function draft(category: 'cars' | 'plates' = 'plates'): Promise<string> {
    const res = await save({ step: 1, category, name: '', email: '', location: LOCATION });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.data.listing_id;
  }
  const plate = (id: string, extra: Record<string, unknown> = {}) => ({
    step: 2,
    listing_id: id,
    category: 'plates',
    title: 'TLC plate for rent',
    listing_price: '300',
    payment_period: 'weekly',
    images: [],
    ...extra,
  });

  it('refuses a rental without its label, naming each missing answer with a clear message', async () => {
    const res = await save(plate(await draft()));
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields as Record<string, { key: string; message: string }>;
    expect(Object.fromEntries(Object.entries(fields).map(([field, problem]) => [field, problem.key]))).toEqual({
      rent_deposit: 'rentDepositRequired',
      rent_min_weeks: 'rentMinWeeksRequired',
      rent_mileage_unlimited: 'rentChoiceRequired',
      rent_insurance_included: 'rentChoiceRequired',
      rent_tlc_plate_included: 'rentChoiceRequired',
      rent_maintenance_included: 'rentChoiceRequired',
      rent_deductible: 'rentDeductibleRequired',
      rent_remote_disabling: 'rentChoiceRequired',
    });
    expect(fields.rent_deposit!.message).toBe('Enter the deposit (0 if there is none).');
  });

  it('asks for the mileage cap when capped and the insurance limits when insured; refuses bad amounts', async () => {
    const id = await draft();
    const res = await save(plate(id, { ...RENTAL_LABEL_FIELDS, rent_mileage_cap: '', rent_insurance_limits: '' }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['rent_insurance_limits', 'rent_mileage_cap']);
    const bad = await save(plate(id, { ...RENTAL_LABEL_FIELDS, rent_deposit: '-5', rent_min_weeks: '0', rent_remote_disabling: 'maybe' }));
    expect(bad.statusCode).toBe(400);
    expect(Object.fromEntries(Object.entries(bad.json().fields as Record<string, { key: string }>).map(([f, p]) => [f, p.key]))).toEqual({
      rent_deposit: 'rentDepositRange',
      rent_min_weeks: 'rentMinWeeksRequired',
      rent_remote_disabling: 'rentChoiceRequired',
    });
  });

  it('stores the label and answers it with the weekly cost (a monthly rent × 12 / 52)', async () => {
    const id = await draft();
    const res = await save(plate(id, { ...RENTAL_LABEL_FIELDS, listing_price: '1300', payment_period: 'monthly' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(id)).toMatchObject({ rentDepositCents: 50000, rentMinWeeks: 2, rentMileageCap: 1500, rentDeductibleCents: 100000 });
    const listing = (await app.inject({ method: 'GET', url: `/api/listing/${id}`, headers: { cookie: owner.cookie } })).json().data;
    expect(listing.weekly_cost).toBe(300);
    expect(listing.rental_label).toEqual({
      deposit: 500,
      min_weeks: 2,
      mileage_unlimited: false,
      mileage_cap: 1500,
      insurance_included: true,
      insurance_limits: '$100,000/$300,000 liability',
      tlc_plate_included: true,
      maintenance_included: true,
      deductible: 1000,
      remote_disabling: false,
    });
  });

  it('keeps no label on a sale, and drops the cap when mileage is unlimited', async () => {
    const id = await draft();
    expect((await save(plate(id, { ...RENTAL_LABEL_FIELDS, deal_type: 'sale', payment_period: null }))).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ rentDepositCents: null, rentMinWeeks: null, rentMileageUnlimited: null });
    const listing = (await app.inject({ method: 'GET', url: `/api/listing/${id}`, headers: { cookie: owner.cookie } })).json().data;
    expect(listing).toMatchObject({ rental_label: null, weekly_cost: null });
    expect((await save(plate(id, { ...RENTAL_LABEL_FIELDS, rent_mileage_unlimited: 'yes' }))).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ rentMileageUnlimited: true, rentMileageCap: null });
  });
});
