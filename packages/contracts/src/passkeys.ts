import { z } from 'zod';
import { text } from './text';

/*
 * Passkeys (WebAuthn, issue #21; decision 0008): adding one in the dashboard's Security tab, listing and
 * removing them, and signing in with one on /login. The browser's answers are the JSON forms of
 * WebAuthn's PublicKeyCredential (what @simplewebauthn/browser's startRegistration/startAuthentication
 * give), every binary field base64url.
 */

/** At most this many passkeys per account. */
export const MAX_PASSKEYS = 20;
/** A challenge is good for this long (and once). */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 5 * 60;
export const PASSKEY_NAME_MAX = 60;

const B64URL = /^[A-Za-z0-9_-]*$/;
/** A base64url field of the browser's answer. */
const b64url = (max: number) =>
  text({ error: 'passkeyResponseInvalid' }).min(1, 'passkeyResponseInvalid').max(max, 'passkeyResponseInvalid').regex(B64URL, 'passkeyResponseInvalid');
const optionalB64url = (max: number) =>
  text({ error: 'passkeyResponseInvalid' }).max(max, 'passkeyResponseInvalid').regex(B64URL, 'passkeyResponseInvalid').optional();

const credentialFields = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key', { error: 'passkeyResponseInvalid' }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform'], { error: 'passkeyResponseInvalid' }).optional(),
  /** Extension outputs (credProps, …): kept as sent, unused. */
  clientExtensionResults: z.record(text().max(100), z.unknown()).default({}),
};

/** The browser's answer to the registration options (RegistrationResponseJSON). */
export const registrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(32_768),
    authenticatorData: optionalB64url(16_384),
    publicKey: optionalB64url(4096),
    publicKeyAlgorithm: z.number({ error: 'passkeyResponseInvalid' }).int().optional(),
    transports: z.array(text().max(20, 'passkeyResponseInvalid')).max(10, 'passkeyResponseInvalid').optional(),
  }),
});

/** The browser's answer to the sign-in options (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(16_384),
    /** Up to an ML-DSA-87 signature (4,627 bytes, 6,170 base64url characters): on Node 24 the server also offers the
     *  post-quantum ML-DSA algorithms, and Chromium signs with them (an ECDSA signature is about 96 characters). */
    signature: b64url(8192),
    userHandle: optionalB64url(1400),
  }),
});

/** POST /account/passkeys: the new passkey, with a name (else one from the browser: "Chrome on macOS"). */
export const addPasskeyRequestSchema = z.object({
  response: registrationResponseSchema,
  name: text().trim().max(PASSKEY_NAME_MAX, 'passkeyNameMax').optional(),
});
export type AddPasskeyRequest = z.infer<typeof addPasskeyRequestSchema>;

/** POST /auth/passkey/sign-in. */
export const passkeySignInRequestSchema = z.object({ response: authenticationResponseSchema });
export type PasskeySignInRequest = z.infer<typeof passkeySignInRequestSchema>;

/** DELETE /account/passkeys/{passkey_id}: an id that is not one of the user's passkeys is "not found". */
export const passkeyParamsSchema = z.object({
  passkey_id: text().min(1, 'passkeyIdInvalid').max(100, 'passkeyIdInvalid'),
});
export type PasskeyParams = z.infer<typeof passkeyParamsSchema>;

/**
 * POST /account/passkeys/register-options and /auth/passkey/options: WebAuthn's options as JSON
 * (PublicKeyCredentialCreationOptionsJSON / PublicKeyCredentialRequestOptionsJSON), for the browser's
 * startRegistration / startAuthentication. The challenge is bound to this browser by a cookie.
 */
export const passkeyOptionsResponseSchema = z.object({
  options: z.looseObject({ challenge: z.string(), rpId: z.string().optional(), timeout: z.number().optional() }),
});
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponseSchema>;

/** One passkey of the account. */
export const accountPasskeySchema = z.object({
  id: z.string(),
  /** Given when it was added ("Chrome on macOS"), or by the user. */
  name: z.string(),
  created_at: z.string(),
  /** null: never used to sign in yet. */
  last_used_at: z.string().nullable(),
  /** Synced between the user's devices (iCloud Keychain, Google Password Manager) or bound to one device. */
  synced: z.boolean(),
});
export type AccountPasskey = z.infer<typeof accountPasskeySchema>;

/** GET /account/passkeys and the answer of each change: newest first. */
export const accountPasskeysResponseSchema = z.object({ data: z.object({ passkeys: z.array(accountPasskeySchema) }) });
export type AccountPasskeysResponse = z.infer<typeof accountPasskeysResponseSchema>;
