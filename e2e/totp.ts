import { createHmac } from 'node:crypto';

/*
 * An authenticator app in the test (RFC 6238 TOTP, SHA-1, 6 digits, 30 seconds): codes computed from
 * the key the Security tab shows, for an explicit time step. A code of the current step or the next is
 * accepted for at least 30 more seconds (the server allows one step either side).
 */

const PERIOD_MS = 30_000;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The current 30-second time step. */
export const timeStep = (at = Date.now()) => Math.floor(at / PERIOD_MS);

function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The 6-digit code of a base32 key for a time step. */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const number = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(number % 1_000_000).padStart(6, '0');
}

/** A wrong code (any code other than the valid ones around now). */
export function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1, 2].map((d) => totpCode(secret, timeStep() + d)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}
