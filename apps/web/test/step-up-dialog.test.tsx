// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PasskeysSection } from '@/features/security/components/passkeys-section';
import { fakeApi, renderWithApp } from './support/render';

/*
 * Issue #33, finding 1: a passkey change the server refuses with 403 REAUTH_REQUIRED opens "Confirm it's
 * you" (the password, or a two-step code), and after the server accepts it the change is made again.
 */

const key = { id: 'pk1', name: 'Chrome on macOS', created_at: '2026-01-02T10:00:00.000Z', last_used_at: null, synced: false };
const reauthRequired = {
  status: 403,
  body: {
    code: 'REAUTH_REQUIRED',
    key: 'auth.reauthRequired',
    message: 'For your safety, confirm that it is you (your password or a two-step code), then try again.',
  },
};

describe('the step-up dialog of the Security tab', () => {
  beforeEach(() => {
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [
      'en',
      "Confirm it's you",
      'Your password',
      'Confirm',
      'Use a two-step code instead',
      'Code from your authenticator app, or a recovery code',
      'Use your password instead',
    ],
    [
      'ru',
      'Подтвердите, что это вы',
      'Ваш пароль',
      'Подтвердить',
      'Ввести код двухэтапного входа',
      'Код из приложения-аутентификатора или код восстановления',
      'Ввести пароль',
    ],
  ] as const)(
    'asks for the password when removing a passkey needs it, then removes it (%s)',
    async (language, title, passwordLabel, confirmLabel, useCode, codeLabel, usePassword) => {
      let steppedUp = false;
      const sent: unknown[] = [];
      fakeApi({
        'GET /api/auth/session': () => ({
          body: {
            user: { id: 'u1', name: 'Pat', email: 'pat@example.com', role: 'user', status: 'CONFIRMED', twoFactorEnabled: true, twoFactorSetupRequired: false },
            token: null,
          },
        }),
        'GET /api/account/passkeys': () => ({ body: { data: { passkeys: steppedUp ? [] : [key] } } }),
        'GET /api/account/reauthenticate': () => ({ body: { methods: ['password', 'code'], expiresAt: null } }),
        'POST /api/account/reauthenticate': ({ body }) => {
          sent.push(body);
          if ((body as { password?: string }).password !== 'Right1234') {
            return {
              status: 401,
              body: {
                code: 'INVALID_CREDENTIALS',
                key: 'auth.passwordWrong',
                message: 'The password is not correct.',
                fields: { password: { key: 'auth.passwordWrong', message: 'The password is not correct.' } },
              },
            };
          }
          steppedUp = true;
          return { body: { message: 'Confirmed.', expiresAt: new Date(Date.now() + 300_000).toISOString() } };
        },
        'DELETE /api/account/passkeys/pk1': () => (steppedUp ? { body: { data: { passkeys: [] } } } : reauthRequired),
      });
      await renderWithApp(<PasskeysSection />, { language });
      fireEvent.click(await screen.findByRole('button', { name: new RegExp(key.name) }));
      const alert = await screen.findByRole('alertdialog');
      fireEvent.click(within(alert).getAllByRole('button').at(-1)!);

      const dialog = await screen.findByRole('dialog', { name: title });
      // The other way is offered (two-step sign-in is on): a code of the authenticator app, and back.
      fireEvent.click(await within(dialog).findByRole('button', { name: useCode }));
      expect(within(dialog).getByLabelText(codeLabel)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: usePassword }));
      const password = within(dialog).getByLabelText(passwordLabel);
      fireEvent.change(password, { target: { value: 'Wrong1234' } });
      fireEvent.click(within(dialog).getByRole('button', { name: confirmLabel }));
      await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));

      fireEvent.change(within(dialog).getByLabelText(passwordLabel), { target: { value: 'Right1234' } });
      fireEvent.click(within(dialog).getByRole('button', { name: confirmLabel }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
      await waitFor(() => expect(screen.queryByTestId('passkey')).toBeNull());
      expect(sent).toEqual([{ password: 'Wrong1234' }, { password: 'Right1234' }]);
    },
  );
});
