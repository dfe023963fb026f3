import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  answerClaimRequestSchema,
  claimStateResponseSchema,
  handoverParamsSchema,
  handoverPhotoParamsSchema,
  handoverRequestSchema,
  handoverResponseSchema,
  HANDOVER_SLOTS,
  MAX_CLAIM_PHOTOS,
  openClaimRequestSchema,
} from '@medallion/contracts/rental-handover';
import { rentalIdParamsSchema } from '@medallion/contracts/rental-payments';
import { pictureFormBodyLimit } from '../../integrations/images/read-image-upload';
import { errorResponses as errors } from '../../lib/route-options';
import { requireUser } from '../../plugins/auth';
import { settleServicesFor } from './deposit-job';
import { getHandover, readHandoverPhoto, toClaim } from './get-handover';
import { answerClaim, openClaim } from './rental-claims';
import { sendHandover } from './send-handover';

/** A rental's hand-over photos and the claim on its deposit, for its two parties (staff see them in a dispute). */
export async function rentalHandoverRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rental-handover'];
  app.addHook('onRequest', requireUser);
  const viewer = (req: { user: { id: string; role?: string | null } }) => ({ id: req.user.id, staff: req.user.role === 'staff' });
  const services = () => ({ ...settleServicesFor(app), storage: app.storage });

  r.get(
    '/rentals/:id/handover',
    {
      schema: {
        tags,
        summary: "A rental's hand-over sets and claim, and what the signed-in party may do",
        params: rentalIdParamsSchema,
        response: { 200: handoverResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await getHandover(app.db, viewer(req), req.params.id, new Date()) }),
  );

  r.post(
    '/rentals/:id/handover/:stage',
    {
      bodyLimit: pictureFormBodyLimit(HANDOVER_SLOTS.length),
      schema: {
        tags,
        summary: 'One party sends its pick-up or return photos (seven views), the odometer and the fuel or charge level',
        params: handoverParamsSchema,
        body: handoverRequestSchema,
        response: { 200: handoverResponseSchema, ...errors },
      },
    },
    async (req) => {
      await sendHandover(
        app.db,
        { storage: app.storage, mailer: app.mailer, publicUrl: app.config.PUBLIC_URL },
        req.user.id,
        req.params.id,
        req.params.stage,
        req.body,
        new Date(),
      );
      return { data: await getHandover(app.db, viewer(req), req.params.id, new Date()) };
    },
  );

  r.get(
    '/rentals/:id/photos/:file',
    { schema: { tags, summary: 'A hand-over or claim photo (WebP), for the parties and staff in a dispute', params: handoverPhotoParamsSchema } },
    async (req, reply) => {
      const bytes = await readHandoverPhoto(app.db, app.storage, viewer(req), req.params.id, req.params.file);
      return reply.header('content-type', 'image/webp').header('cache-control', 'private, no-store').send(bytes);
    },
  );

  r.post(
    '/rentals/:id/claim',
    {
      bodyLimit: pictureFormBodyLimit(MAX_CLAIM_PHOTOS),
      schema: {
        tags,
        summary: 'The owner claims damage on the deposit (within 24 hours of the return)',
        params: rentalIdParamsSchema,
        body: openClaimRequestSchema,
        response: { 200: claimStateResponseSchema, ...errors },
      },
    },
    async (req) => {
      const claim = await openClaim(app.db, services(), req.user.id, req.params.id, req.body, new Date());
      return { data: { 'rental-id': claim.rentalId, status: 'claim_open', claim: toClaim(claim) } };
    },
  );

  r.post(
    '/rentals/:id/claim/answer',
    {
      schema: {
        tags,
        summary: 'The driver accepts or disputes the claim',
        params: rentalIdParamsSchema,
        body: answerClaimRequestSchema,
        response: { 200: claimStateResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { rental, claim } = await answerClaim(app.db, services(), req.user.id, req.params.id, req.body.answer, req.body.note, new Date());
      return { data: { 'rental-id': rental.id, status: rental.status, claim: toClaim(claim) } };
    },
  );
}
