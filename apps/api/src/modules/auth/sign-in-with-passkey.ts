import type { SessionResponse } from '@medallion/contracts/auth';
import type { PasskeyOptionsResponse, PasskeySignInRequest } from '@medallion/contracts/passkeys';
import type { Auth } from './create-auth';
import { publicUrlOf, toSessionUser, type FlowResult } from './account-flows';
import { passkeyError } from './passkey-errors';

/** Options to sign in with a passkey of this site (no e-mail: the authenticator offers the user's passkeys). */
export async function startPasskeySignIn(auth: Auth, headers: Headers): Promise<FlowResult<PasskeyOptionsResponse>> {
  try {
    const { headers: out, response } = await auth.api.passkeySignInOptions({ headers, returnHeaders: true });
    return { body: { options: response.options as unknown as PasskeyOptionsResponse['options'] }, headers: out };
  } catch (error) {
    return passkeyError(error);
  }
}

/**
 * Signs in with the passkey's signature over this browser's challenge: no password and no second factor
 * (the passkey is both: the device and the user's face, finger or PIN). Answers as the password sign-in.
 */
export async function signInWithPasskey(auth: Auth, input: PasskeySignInRequest, headers: Headers): Promise<FlowResult<SessionResponse>> {
  try {
    const { headers: out, response } = await auth.api.passkeySignIn({
      body: { response: input.response as unknown as Record<string, unknown> },
      headers,
      returnHeaders: true,
    });
    return { body: { user: toSessionUser(response.user as Parameters<typeof toSessionUser>[0], publicUrlOf(auth)), token: response.token }, headers: out };
  } catch (error) {
    return passkeyError(error);
  }
}
