import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '@medallion/contracts/auth';
import { actsAsStaff } from '../auth/two-factor-policy';
import { isLoopbackAddress } from '../../lib/loopback';

/** Logged at start when the dev mailbox is on and the server listens beyond loopback. */
export const DEV_MAILBOX_WARNING =
  'No SMTP_URL is set, so e-mails (sign-up and password-reset codes) stay in the dev mailbox at /dev/mail: only this machine or signed-in staff can read it. Set SMTP_URL to send real mail.';

/**
 * Whether the caller is on this machine: the address Fastify computes (`request.ip`, which honours
 * TRUST_PROXY), the socket's peer and every address a proxy listed in X-Forwarded-For are loopback.
 * Looking at all of them means that neither a client that sends `X-Forwarded-For: 127.0.0.1` itself
 * (TRUST_PROXY=true believes the leftmost entry) nor a proxy on this machine without TRUST_PROXY
 * (every client would look like 127.0.0.1) passes for local.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [request.ip, request.socket.remoteAddress, ...forwarded].every(isLoopbackAddress);
}

/** The dev mailbox holds sign-up and password-reset codes: only this machine or staff (with two-factor, two-factor-policy.ts) may read it. */
export function mayReadDevMail(local: boolean, user: SessionUser | null): boolean {
  return local || actsAsStaff(user);
}
