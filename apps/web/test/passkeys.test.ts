import { describe, expect, it } from 'vitest';
import { passkeyProblem } from '@/lib/passkeys';

/** What the passkey buttons say when the browser's part fails (lib/passkeys.ts). */
describe('passkeyProblem', () => {
  const named = (name: string, message = 'x', code?: string) => Object.assign(new Error(message), { name, ...(code ? { code } : {}) });

  it('takes a closed or timed-out prompt as cancelled, not as an error', () => {
    expect(passkeyProblem(named('NotAllowedError', 'The operation either timed out or was not allowed.'))).toBe('cancelled');
    expect(passkeyProblem(named('AbortError'))).toBe('cancelled');
    expect(passkeyProblem(named('WebAuthnError', 'aborted', 'ERROR_CEREMONY_ABORTED'))).toBe('cancelled');
  });

  it('tells an authenticator that already has a passkey of the account, and a browser without WebAuthn', () => {
    expect(passkeyProblem(named('InvalidStateError', 'The authenticator was previously registered', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'))).toBe(
      'alreadyAdded',
    );
    expect(passkeyProblem(new Error('WebAuthn is not supported in this browser'))).toBe('unsupported');
    expect(passkeyProblem(named('NotSupportedError'))).toBe('unsupported');
  });

  it("leaves every other error (the server's, unexpected ones) to the usual error text", () => {
    expect(passkeyProblem(new Error('boom'))).toBe(null);
    expect(passkeyProblem('text')).toBe(null);
    expect(passkeyProblem(null)).toBe(null);
  });
});
