import { useSyncExternalStore } from 'react';
import type { PasskeyOptionsResponse } from '@medallion/contracts/passkeys';

/*
 * The browser's side of passkeys (WebAuthn), shared by the Security tab (adding one) and /login (signing
 * in with one). @simplewebauthn/browser turns the server's JSON options into the browser's call and its
 * answer back into JSON; it is loaded on the click, so no page's first load carries it.
 */

/**
 * Whether this page can use passkeys: `ok`; `insecureAddress` when the page is not a secure context
 * (plain http beyond localhost: browsers keep WebAuthn to https and localhost); `unsupported` when a
 * secure page still has no WebAuthn (an old or embedded browser).
 */
export type PasskeyAvailability = 'ok' | 'insecureAddress' | 'unsupported';

export function passkeyAvailability(): PasskeyAvailability {
  if (typeof window === 'undefined') return 'ok';
  if (window.isSecureContext === false) return 'insecureAddress';
  return typeof window.PublicKeyCredential === 'function' ? 'ok' : 'unsupported';
}

const never = () => () => {};
/** passkeyAvailability() after hydration; `ok` on the server and in the first render (most browsers), so no mismatch. */
export function usePasskeyAvailability(): PasskeyAvailability {
  return useSyncExternalStore(never, passkeyAvailability, () => 'ok');
}

type Options = PasskeyOptionsResponse['options'];

/** Asks the browser to create a passkey with the server's registration options; its answer as JSON. */
export async function createPasskey(options: Options) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
}

/** Asks the browser for a passkey of this site with the server's sign-in options; its answer as JSON. */
export async function getPasskey(options: Options) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
}

/**
 * What went wrong in the browser's part, when it is not the server's: the user closed the prompt or it
 * timed out (`cancelled`: nothing is wrong), the authenticator already holds a passkey of this account
 * (`alreadyAdded`), no WebAuthn (`unsupported`), or the browser refused the page's address for passkeys
 * (`insecureAddress`: a SecurityError, e.g. an IP address such as 127.0.0.1, or another address than the
 * site's own). null: another error (the server's, or unexpected).
 */
export function passkeyProblem(error: unknown): 'cancelled' | 'alreadyAdded' | 'unsupported' | 'insecureAddress' | null {
  if (!(error instanceof Error)) return null;
  const code = (error as Error & { code?: string }).code;
  if (error.name === 'SecurityError' || code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID') return 'insecureAddress';
  if (error.name === 'NotAllowedError' || error.name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return 'cancelled';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || error.name === 'InvalidStateError') return 'alreadyAdded';
  if (error.message.includes('WebAuthn is not supported') || error.name === 'NotSupportedError') return 'unsupported';
  return null;
}
