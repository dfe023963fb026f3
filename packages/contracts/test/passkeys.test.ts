import { describe, expect, it } from 'vitest';
import { authenticationResponseSchema } from '../src/passkeys';

const b64url = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64url');

/** A sign-in answer whose signature has `bytes` bytes. */
const answer = (bytes: number) => ({
  id: b64url(32),
  rawId: b64url(32),
  type: 'public-key',
  response: { clientDataJSON: b64url(120), authenticatorData: b64url(37), signature: b64url(bytes) },
});

describe('authenticationResponseSchema', () => {
  it('takes the signature of every algorithm the server offers: ECDSA, RSA and (on Node 24) ML-DSA up to 87', () => {
    // ES256 ~72 bytes, RS256 256, ML-DSA-44 2,420, ML-DSA-65 3,309, ML-DSA-87 4,627 (FIPS 204). A 2,048-character
    // limit refused Chromium's ML-DSA-44 passkeys with "The answer of your passkey could not be read".
    for (const bytes of [72, 256, 2420, 3309, 4627]) expect(authenticationResponseSchema.safeParse(answer(bytes)).success, `${bytes} bytes`).toBe(true);
  });

  it('refuses a signature far beyond any algorithm, and one that is not base64url', () => {
    expect(authenticationResponseSchema.safeParse(answer(7000)).success).toBe(false);
    const bad = answer(72);
    bad.response.signature = 'not base64url!';
    expect(authenticationResponseSchema.safeParse(bad).success).toBe(false);
  });
});
