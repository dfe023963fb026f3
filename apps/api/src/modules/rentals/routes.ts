import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptAgreementSchema,
  createRentalRequestSchema,
  myRentalsResponseSchema,
  rentalIdParamsSchema,
  rentalRequestResponseSchema,
  rentalResponseSchema,
} from '@medallion/contracts/rentals';
import { z } from 'zod';
import { errorResponses as errors, ipRateLimit } from '../../lib/route-options';
import { requireUser } from '../../plugins/auth';
import { acceptAgreement, agreementFile } from './accept-agreement';
import { approveRentalRequest, closeRentalRequest } from './decide-rental-request';
import { listMyRentals } from './list-my-rentals';
import { requestRental } from './request-rental';

/** Rentals (issue #32): a driver's request, the owner's decision, the agreement, "My rentals". */
export async function rentalRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rentals'];
  const deps = () => ({ db: app.db, mailer: app.mailer, storage: app.storage, publicUrl: app.config.PUBLIC_URL });
  const mine = async (userId: string, requestId: string) => {
    const { requests } = await listMyRentals(app.db, userId);
    return requests.find((request) => request.id === requestId)!;
  };
  const myRental = async (userId: string, rentalId: string) => {
    const { rentals } = await listMyRentals(app.db, userId);
    return rentals.find((rental) => rental.id === rentalId)!;
  };

  r.post(
    '/rental-requests',
    {
      onRequest: requireUser,
      config: ipRateLimit(120),
      schema: {
        tags,
        summary: 'A driver asks to rent a rental listing',
        body: createRentalRequestSchema,
        response: { 201: rentalRequestResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const row = await requestRental(app.db, app.mailer, app.config.PUBLIC_URL, req.user.id, req.body);
      return reply.code(201).send({ data: await mine(req.user.id, row.id) });
    },
  );

  r.get(
    '/rentals/mine',
    { onRequest: requireUser, schema: { tags, summary: "The account's rental requests and rentals", response: { 200: myRentalsResponseSchema, ...errors } } },
    async (req) => ({ data: await listMyRentals(app.db, req.user.id) }),
  );

  for (const action of ['approve', 'decline', 'withdraw'] as const) {
    r.post(
      `/rental-requests/:id/${action}`,
      {
        onRequest: requireUser,
        schema: {
          tags,
          summary: action === 'withdraw' ? 'The driver withdraws an open request' : `The owner ${action}s an open request`,
          params: rentalIdParamsSchema,
          response: { 200: rentalRequestResponseSchema, ...errors },
        },
      },
      async (req) => {
        const id = uuidOr404(req.params.id);
        if (action === 'approve') await approveRentalRequest(deps(), req.user.id, id);
        else await closeRentalRequest(deps(), req.user.id, id, action === 'decline' ? 'decline' : 'withdraw');
        return { data: await mine(req.user.id, id) };
      },
    );
  }

  r.post(
    '/rentals/:id/agreement/accept',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'A party accepts the rental agreement (electronic-records consent and typed name)',
        params: rentalIdParamsSchema,
        body: acceptAgreementSchema,
        response: { 200: rentalResponseSchema, ...errors },
      },
    },
    async (req) => {
      await acceptAgreement(deps(), req.user.id, req.params.id, req.body, req.ip);
      return { data: await myRental(req.user.id, req.params.id) };
    },
  );

  r.get(
    '/rentals/:id/agreement.pdf',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'The rental agreement PDF (the two parties only)', params: rentalIdParamsSchema, response: { 200: z.any(), ...errors } },
    },
    async (req, reply) => {
      const { pdf, sha256 } = await agreementFile(deps(), req.user.id, req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="rental-agreement-${req.params.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-sha256', sha256)
        .send(pdf);
    },
  );
}

function uuidOr404(id: string): string {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : '00000000-0000-0000-0000-000000000000';
}
