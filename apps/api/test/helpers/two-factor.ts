import type { LightMyRequestResponse } from 'fastify';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/*
 * Helpers for tests of two-step sign-in: codes computed from the key as an authenticator app computes
 * them, for an explicit 30-second step (the server accepts one step either side, and each code once per
 * account), and a small cookie jar.
 */

const PERIOD_MS = 30_000;
export const totpStep = () => Math.floor(Date.now() / PERIOD_MS);

/** The app's code for a time step, from the base32 key shown at setup. */
export async function codeAt(secret: string, counter: number): Promise<string> {
  return createOTP(new TextDecoder().decode(base32.decode(secret))).hotp(counter);
}

/** A small cookie jar: what a browser would send after the answers it got. */
export class Jar {
  private cookies = new Map<string, string>();
  take(res: LightMyRequestResponse): this {
    for (const c of res.cookies) {
      const expired = c.maxAge === 0 || (c.expires instanceof Date && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return this;
  }
  has(part: string): boolean {
    return [...this.cookies.keys()].some((k) => k.includes(part));
  }
  without(part: string): Jar {
    const copy = new Jar();
    for (const [k, v] of this.cookies) if (!k.includes(part)) copy.cookies.set(k, v);
    return copy;
  }
  get header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}
