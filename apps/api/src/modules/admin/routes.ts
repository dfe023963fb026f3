import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminExamQuestionsResponseSchema,
  adminOverviewResponseSchema,
  createPromoCodeRequestSchema,
  examQuestionIdParamsSchema,
  examReportIdParamsSchema,
  examQuestionResponseSchema,
  examReportsResponseSchema,
  examQuestionStatsResponseSchema,
  promoCodeParamsSchema,
  promoCodeResponseSchema,
  promoCodesResponseSchema,
  updateExamQuestionRequestSchema,
  updatePromoCodeRequestSchema,
  moderationResponseSchema,
  rejectListingRequestSchema,
  resolveExamReportResponseSchema,
  reviewListingsResponseSchema,
} from '@medallion/contracts/admin';
import { listingIdParamsSchema, LISTING_ID_PATTERN } from '@medallion/contracts/listings';
import { AppError } from '../../lib/app-error';
import { errorResponses as errors } from '../../lib/route-options';
import { listExamQuestions } from '../exam/list-exam-questions';
import { listListingsForReview } from '../listings/list-listings-for-review';
import { approveListing, rejectListing } from '../listings/moderate-listing';
import { createPromoCode, listPromoCodes, updatePromoCode } from '../exam/manage-promo-codes';
import { listOpenReports, resolveReport } from '../exam/review-question-reports';
import { updateExamQuestion } from '../exam/update-exam-question';
import { listQuestionStats } from '../exam/list-question-stats';
import { getExamSettings, updateExamSettings } from '../exam/exam-settings';
import { examSettingsResponseSchema, examSettingsSchema } from '@medallion/contracts/exam';
import { apiErrorSchema } from '@medallion/contracts/errors';
import {
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  adminProductResponseSchema,
  adminProductsResponseSchema,
  MAX_PRODUCT_IMAGES,
  orderIdParamsSchema,
  productIdParamsSchema,
  saveProductRequestSchema,
  setProductActiveRequestSchema,
  shipOrderResponseSchema,
} from '@medallion/contracts/admin-shop';
import { pictureFormBodyLimit } from '../../integrations/images/read-image-upload';
import { listAllProducts } from '../shop/list-all-products';
import { createProduct, updateProduct } from '../shop/save-product';
import { setProductActive } from '../shop/set-product-active';
import { listAllOrders } from '../shop/list-all-orders';
import { shipOrder } from '../shop/ship-order';
import { requireStaff } from '../../plugins/auth';
import { listingReportsResponseSchema, resolveListingReportsRequestSchema, resolveListingReportsResponseSchema } from '@medallion/contracts/listing-reports';
import { listOpenListingReports, resolveListingReports } from '../listing-reports/review-listing-reports';
import { getAdminOverview } from './get-admin-overview';
import { claimStateResponseSchema, decideClaimRequestSchema, disputedClaimsResponseSchema } from '@medallion/contracts/rental-handover';
import { rentalIdParamsSchema } from '@medallion/contracts/rental-payments';
import { listDisputedClaims } from '../rental-handover/list-disputed-claims';
import { decideClaim } from '../rental-handover/rental-claims';
import { settleServicesFor } from '../rental-handover/deposit-job';
import { toClaim } from '../rental-handover/get-handover';

/** The staff console's API. Every route is staff only. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireStaff);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/admin/overview',
      { schema: { tags: ['admin'], response: { 200: adminOverviewResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema } } },
      async () => ({ data: await getAdminOverview(app.db) }),
    );

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const ctx = () => ({ mailer: app.mailer, publicUrl: app.config.PUBLIC_URL });
  const checkId = (id: string) => {
    if (!LISTING_ID_PATTERN.test(id)) throw new AppError('NOT_FOUND', 'listingNotFound');
    return id;
  };

  r.get(
    '/admin/listings',
    { schema: { tags, summary: 'Listings waiting for review, oldest first', response: { 200: reviewListingsResponseSchema, ...errors } } },
    async () => ({ data: await listListingsForReview(app.db, app.storage, (vin) => app.vinDecoder.decode(vin)) }),
  );
  r.post(
    '/admin/listings/:listing_id/approve',
    { schema: { tags, summary: 'Publish a listing under review', params: listingIdParamsSchema, response: { 200: moderationResponseSchema, ...errors } } },
    async (req) => ({ data: await approveListing(app.db, checkId(req.params.listing_id), ctx()) }),
  );
  r.post(
    '/admin/listings/:listing_id/reject',
    {
      schema: {
        tags,
        summary: 'Send a listing under review back to its owner with a reason',
        params: listingIdParamsSchema,
        body: rejectListingRequestSchema,
        response: { 200: moderationResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await rejectListing(app.db, checkId(req.params.listing_id), req.body.reason, ctx()) }),
  );

  r.get(
    '/admin/listing-reports',
    {
      schema: {
        tags,
        summary: 'Open reports on listings, grouped by listing, the most reported first',
        response: { 200: listingReportsResponseSchema, ...errors },
      },
    },
    async () => ({ data: await listOpenListingReports(app.db) }),
  );
  r.post(
    '/admin/listing-reports/:listing_id/resolve',
    {
      schema: {
        tags,
        summary: "Dismiss a listing's open reports, or deactivate the listing (reports actioned); records who and when",
        params: listingIdParamsSchema,
        body: resolveListingReportsRequestSchema,
        response: { 200: resolveListingReportsResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await resolveListingReports(app.db, req.user.id, req.params.listing_id, req.body) }),
  );

  const examTags = ['admin'];
  r.get(
    '/admin/exam/reports',
    {
      schema: { tags: examTags, summary: 'Open issue reports on exam questions, grouped by question', response: { 200: examReportsResponseSchema, ...errors } },
    },
    async () => ({ data: await listOpenReports(app.db) }),
  );
  r.post(
    '/admin/exam/reports/:report_id/resolve',
    {
      schema: {
        tags: examTags,
        summary: 'Mark a report resolved',
        params: examReportIdParamsSchema,
        response: { 200: resolveExamReportResponseSchema, ...errors },
      },
    },
    async (req) => {
      await resolveReport(app.db, req.params.report_id);
      return { data: { ok: true as const } };
    },
  );
  r.get(
    '/admin/exam/questions',
    {
      schema: {
        tags: examTags,
        summary: 'Every exam question with its answers, in exam order',
        response: { 200: adminExamQuestionsResponseSchema, ...errors },
      },
    },
    async () => ({ data: (await listExamQuestions(app.db, true)).questions }),
  );
  r.get(
    '/admin/exam/question-stats',
    {
      schema: {
        tags: examTags,
        summary: 'Per question: first-try answers, how many right, open and total issue reports',
        response: { 200: examQuestionStatsResponseSchema, ...errors },
      },
    },
    async () => ({ data: await listQuestionStats(app.db) }),
  );
  r.put(
    '/admin/exam/questions/:question_id',
    {
      schema: {
        tags: examTags,
        summary: 'Edit an exam question in both languages',
        params: examQuestionIdParamsSchema,
        body: updateExamQuestionRequestSchema,
        response: { 200: examQuestionResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await updateExamQuestion(app.db, app.examBank, req.params.question_id, req.body) }),
  );
  r.get(
    '/admin/exam/settings',
    {
      schema: {
        tags: examTags,
        summary: "The exam's settings: the timed simulation's length in minutes",
        response: { 200: examSettingsResponseSchema, ...errors },
      },
    },
    async () => ({ data: await getExamSettings(app.db) }),
  );
  r.put(
    '/admin/exam/settings',
    {
      schema: {
        tags: examTags,
        summary: "Change the timed simulation's length (1–240 minutes; running simulations keep theirs)",
        body: examSettingsSchema,
        response: { 200: examSettingsResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await updateExamSettings(app.db, req.body) }),
  );
  r.get(
    '/admin/promo-codes',
    { schema: { tags: examTags, summary: 'Exam promo codes', response: { 200: promoCodesResponseSchema, ...errors } } },
    async () => ({ data: await listPromoCodes(app.db) }),
  );
  r.post(
    '/admin/promo-codes',
    { schema: { tags: examTags, summary: 'Create a promo code', body: createPromoCodeRequestSchema, response: { 200: promoCodeResponseSchema, ...errors } } },
    async (req) => ({ data: await createPromoCode(app.db, req.body) }),
  );
  r.patch(
    '/admin/promo-codes/:code',
    {
      schema: {
        tags: examTags,
        summary: 'Change a promo code (discount, active, expiry, uses)',
        params: promoCodeParamsSchema,
        body: updatePromoCodeRequestSchema,
        response: { 200: promoCodeResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await updatePromoCode(app.db, req.params.code, req.body) }),
  );

  /* ---------- Shop: products and orders ---------- */

  const shopTags = ['admin'];
  // Up to 9 new pictures as base64 data URLs, as in the listing editor (read-image-upload.ts).
  const productBodyLimit = pictureFormBodyLimit(MAX_PRODUCT_IMAGES);

  r.get(
    '/admin/products',
    { schema: { tags: shopTags, summary: 'Every shop product, active or not, newest first', response: { 200: adminProductsResponseSchema, ...errors } } },
    async () => ({ data: await listAllProducts(app.db, app.storage) }),
  );
  r.post(
    '/admin/products',
    {
      bodyLimit: productBodyLimit,
      schema: {
        tags: shopTags,
        summary: 'Create a product (pictures as data URLs; re-encoded and stored under products/{id}/)',
        body: saveProductRequestSchema,
        response: { 200: adminProductResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await createProduct(app.db, app.storage, req.body) }),
  );
  r.put(
    '/admin/products/:product_id',
    {
      bodyLimit: productBodyLimit,
      schema: {
        tags: shopTags,
        summary: 'Replace a product: fields and pictures in display order (kept file names or new data URLs)',
        params: productIdParamsSchema,
        body: saveProductRequestSchema,
        response: { 200: adminProductResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await updateProduct(app.db, app.storage, req.params.product_id, req.body) }),
  );
  r.patch(
    '/admin/products/:product_id',
    {
      schema: {
        tags: shopTags,
        summary: 'Deactivate (hidden from the shop) or reactivate a product',
        params: productIdParamsSchema,
        body: setProductActiveRequestSchema,
        response: { 200: adminProductResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await setProductActive(app.db, app.storage, req.params.product_id, req.body.active) }),
  );

  r.get(
    '/admin/orders',
    {
      schema: {
        tags: shopTags,
        summary: 'Shop orders, newest first, optionally one status, with the customer, lines, totals and address',
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrdersResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await listAllOrders(app.db, req.query.status) }),
  );
  r.post(
    '/admin/orders/:order_id/ship',
    {
      schema: {
        tags: shopTags,
        summary: 'Mark a paid order shipped and e-mail the customer (once; a shipped order stays as it is)',
        params: orderIdParamsSchema,
        response: { 200: shipOrderResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await shipOrder(app.db, req.params.order_id, ctx()) }),
  );
  const rentalTags = ['admin-rentals'];
  r.get(
    '/admin/rental-claims',
    {
      schema: {
        tags: rentalTags,
        summary: 'Damage claims disputed by the driver, with both hand-overs, oldest first',
        response: { 200: disputedClaimsResponseSchema, ...errors },
      },
    },
    async () => ({ data: await listDisputedClaims(app.db) }),
  );
  r.post(
    '/admin/rental-claims/:id/decision',
    {
      schema: {
        tags: rentalTags,
        summary: 'Decide a disputed claim: the amount kept from the deposit (0 to the claim); the rest is refunded once',
        params: rentalIdParamsSchema,
        body: decideClaimRequestSchema,
        response: { 200: claimStateResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { rental, claim } = await decideClaim(app.db, settleServicesFor(app), req.user.id, req.params.id, req.body.amount, req.body.note, new Date());
      return { data: { 'rental-id': rental.id, status: rental.status, claim: toClaim(claim) } };
    },
  );
}
