import type { AccountPasskey, AddPasskeyRequest, PasskeyOptionsResponse } from '@medallion/contracts/passkeys';
import type { Auth } from './create-auth';
import { describeUserAgent } from './describe-session';
import type { FlowResult } from './account-flows';
import { toAccountPasskey } from './list-passkeys';
import { passkeyError } from './passkey-errors';

/** Options for the browser to create a passkey of the signed-in user (with the challenge's cookie). */
export async function startPasskeyRegistration(auth: Auth, headers: Headers): Promise<FlowResult<PasskeyOptionsResponse>> {
  try {
    const { headers: out, response } = await auth.api.passkeyRegistrationOptions({ headers, returnHeaders: true });
    return { body: { options: response.options as unknown as PasskeyOptionsResponse['options'] }, headers: out };
  } catch (error) {
    return passkeyError(error);
  }
}

/**
 * A passkey's default name: the browser and system it was added with, in the language of the request
 * ("Chrome on macOS", "Chrome на macOS"); "Passkey" when the user agent tells nothing.
 */
export function defaultPasskeyName(userAgent: string | undefined, acceptLanguage: string | undefined): string {
  const { browser, os } = describeUserAgent(userAgent);
  const russian = /^\s*ru\b/i.test(acceptLanguage ?? '');
  if (browser && os) return `${browser} ${russian ? 'на' : 'on'} ${os}`;
  return browser ?? os ?? (russian ? 'Ключ доступа' : 'Passkey');
}

/** Checks the browser's answer against this browser's challenge and keeps the new passkey. */
export async function addPasskey(auth: Auth, input: AddPasskeyRequest, headers: Headers): Promise<FlowResult<AccountPasskey>> {
  const name = input.name || defaultPasskeyName(headers.get('user-agent') ?? undefined, headers.get('accept-language') ?? undefined);
  try {
    const { headers: out, response } = await auth.api.passkeyRegister({
      body: { response: input.response as unknown as Record<string, unknown>, name },
      headers,
      returnHeaders: true,
    });
    return { body: toAccountPasskey(response.passkey), headers: out };
  } catch (error) {
    return passkeyError(error);
  }
}
