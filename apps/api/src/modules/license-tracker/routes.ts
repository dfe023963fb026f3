import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  licenseRemindersRequestSchema,
  licenseStepParamsSchema,
  licenseTrackerResponseSchema,
  licenseUnsubscribeQuerySchema,
  licenseUnsubscribeResponseSchema,
  mergeLicenseTrackerRequestSchema,
  updateLicenseStepRequestSchema,
} from '@medallion/contracts/license-tracker';
import { requestLanguage } from '../../lib/request-language';
import { errorResponses as errors, ipRateLimit } from '../../lib/route-options';
import { requireUser } from '../../plugins/auth';
import { getLicenseTracker } from './get-license-tracker';
import { licenseStepCalendar } from './license-calendar';
import { mergeGuestProgress } from './merge-guest-progress';
import { setLicenseReminders } from './set-license-reminders';
import { unsubscribeLicenseReminders } from './unsubscribe-license-reminders';
import { updateLicenseStep } from './update-license-step';

/** The license tracker (/steps): the signed-in user's progress, appointments, reminders. */
export async function licenseTrackerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['license-tracker'];
  // The one-click unsubscribe (RFC 8058) posts "List-Unsubscribe=One-Click" as a form; its body is not needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));

  r.get(
    '/license-tracker',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The user's 8 steps, the 90-day countdown and the reminder setting",
        response: { 200: licenseTrackerResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await getLicenseTracker(app.db, req.user.id, new Date()) }),
  );

  r.put(
    '/license-tracker/steps/:step',
    {
      onRequest: requireUser,
      config: ipRateLimit(120),
      schema: {
        tags,
        summary: 'Mark a step done on a day (null: not done) and/or set its appointment (null: none); a field left out is kept',
        params: licenseStepParamsSchema,
        body: updateLicenseStepRequestSchema,
        response: { 200: licenseTrackerResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await updateLicenseStep(app.db, req.user.id, req.params.step, req.body, requestLanguage(req), new Date()) }),
  );

  r.post(
    '/license-tracker/merge',
    {
      onRequest: requireUser,
      config: ipRateLimit(30),
      schema: {
        tags,
        summary: "Merge a guest's progress (kept in the browser) into the account's: the account's days win; idempotent",
        body: mergeLicenseTrackerRequestSchema,
        response: { 200: licenseTrackerResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await mergeGuestProgress(app.db, req.user.id, req.body.steps, requestLanguage(req), new Date()) }),
  );

  r.put(
    '/license-tracker/reminders',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Turn the reminder e-mails on or off',
        body: licenseRemindersRequestSchema,
        response: { 200: licenseTrackerResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await setLicenseReminders(app.db, req.user.id, req.body.on, requestLanguage(req), new Date()) }),
  );

  r.get(
    '/license-tracker/steps/:step/calendar.ics',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "A step's appointment as a calendar file (RFC 5545)",
        params: licenseStepParamsSchema,
        response: { 200: z.string().describe('text/calendar'), ...errors },
      },
    },
    async (req, reply) => {
      const body = await licenseStepCalendar(app.db, req.user.id, req.params.step, requestLanguage(req) ?? 'en', app.config.PUBLIC_URL, new Date());
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="medallion-${req.params.step}.ics"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  r.get(
    '/license-tracker/unsubscribe',
    {
      config: ipRateLimit(60),
      schema: {
        tags,
        summary: "The reminder's unsubscribe link (no sign-in, signed token): reminders off; a browser is sent to the guide page",
        querystring: licenseUnsubscribeQuerySchema,
        response: { 200: licenseUnsubscribeResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      // A mail client opening the List-Unsubscribe link shows the page, which makes the call itself.
      if (req.headers.accept?.includes('text/html')) return reply.redirect(`/steps?${new URLSearchParams({ unsubscribe: req.query.token }).toString()}`, 303);
      return { data: await unsubscribeLicenseReminders(app.db, app.linkSigningKey, req.query.token) };
    },
  );

  r.post(
    '/license-tracker/unsubscribe',
    {
      config: ipRateLimit(60),
      schema: {
        tags,
        summary: 'One-click unsubscribe (RFC 8058) and the guide page: reminders off for the signed token',
        querystring: licenseUnsubscribeQuerySchema,
        response: { 200: licenseUnsubscribeResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await unsubscribeLicenseReminders(app.db, app.linkSigningKey, req.query.token) }),
  );
}
