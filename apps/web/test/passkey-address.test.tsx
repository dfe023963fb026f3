// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PasskeySignInButton } from '@/features/auth/components/passkey-sign-in-button';
import { PasskeysSection } from '@/features/security/components/passkeys-section';
import { passkeyProblem } from '@/lib/passkeys';
import { fakeApi, renderWithApp } from './support/render';

/*
 * Issue #30: passkeys on an address the browser will not use them on (plain http beyond localhost, or an
 * address other than the site's own, e.g. 127.0.0.1 while the site is localhost) say so and what to do,
 * never "Something went wrong on our side".
 */

// What @simplewebauthn/browser throws when the page's host cannot be the passkeys' site (an IP address).
const invalidDomain = Object.assign(new Error('127.0.0.1 is an invalid domain'), { name: 'SecurityError', code: 'ERROR_INVALID_DOMAIN' });
vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(() => Promise.reject(invalidDomain)),
  startRegistration: vi.fn(() => Promise.reject(invalidDomain)),
}));

const options = { options: { challenge: 'abc', rpId: 'localhost', allowCredentials: [], timeout: 60000, userVerification: 'required' } };

function secureContext(secure: boolean) {
  vi.stubGlobal('isSecureContext', secure);
  // A browser in a non-secure context hides WebAuthn; in a secure one it has it.
  vi.stubGlobal('PublicKeyCredential', secure ? function PublicKeyCredential() {} : undefined);
}

describe('passkeys on an address that cannot use them', () => {
  beforeEach(() => secureContext(true));
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['en', /Passkeys need a secure address/, /https/],
    ['ru', /Ключам доступа нужен защищённый адрес/, /https/],
  ] as const)('sign-in on plain http (not localhost) says what is needed and calls nothing (%s)', async (language, needed, how) => {
    secureContext(false);
    const { calls } = fakeApi({});
    await renderWithApp(<PasskeySignInButton onSignedIn={() => {}} />, { language });
    fireEvent.click(await screen.findByRole('button'));
    const note = await screen.findByText(needed);
    expect(note.textContent).toMatch(how);
    expect(note.textContent).toContain('localhost');
    expect(calls).toEqual([]);
  });

  it("sign-in where the browser refuses the page's address (SecurityError) says the same, not a server error", async () => {
    fakeApi({ 'POST /api/auth/passkey/options': () => ({ body: options }) });
    await renderWithApp(<PasskeySignInButton onSignedIn={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect((await screen.findByText(/Passkeys need a secure address/)).textContent).toContain('localhost');
    expect(screen.queryByText(/went wrong/i)).toBeNull();
  });

  it('the Security tab on plain http shows what is needed instead of "Add a passkey"', async () => {
    secureContext(false);
    fakeApi({ 'GET /api/account/passkeys': () => ({ body: { data: { passkeys: [] } } }) });
    await renderWithApp(<PasskeysSection />);
    expect(await screen.findByText(/Passkeys need a secure address/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });

  it('passkeyProblem names a refused address', () => {
    expect(passkeyProblem(invalidDomain)).toBe('insecureAddress');
    const wrongRp = Object.assign(new Error('The RP ID "localhost" is invalid for this domain'), { name: 'SecurityError', code: 'ERROR_INVALID_RP_ID' });
    expect(passkeyProblem(wrongRp)).toBe('insecureAddress');
    expect(passkeyProblem(Object.assign(new Error('x'), { name: 'SecurityError' }))).toBe('insecureAddress');
  });
});
