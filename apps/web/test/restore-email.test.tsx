// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RestoreEmail } from '@/features/profile/components/restore-email';
import { fakeApi, renderWithApp } from './support/render';

/*
 * Issue #33, finding 8: the page of the link sent to the old address after an e-mail change. A button
 * (a mail scanner opening the link changes nothing), then the address is back; a used, expired or
 * broken link says so.
 */

const TOKEN = 'A'.repeat(43);

describe('the e-mail restore page', () => {
  it.each([
    ['en', 'Put my address back', 'Your address is back', 'owner@example.com is the e-mail address of your account again.'],
    ['ru', 'Вернуть мой адрес', 'Адрес возвращён', 'owner@example.com снова адрес эл. почты вашего аккаунта.'],
  ] as const)('puts the address back after the button, and says what to do next (%s)', async (language, button, done, text) => {
    const { calls } = fakeApi({
      'POST /api/account/email-restore': () => ({ body: { message: 'Back.', email: 'owner@example.com' } }),
    });
    await renderWithApp(<RestoreEmail token={TOKEN} />, { language });
    // Nothing happens on opening the link.
    expect(calls).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: button }));
    expect((await screen.findByRole('heading', { level: 1, name: done })).textContent).toBe(done);
    expect(screen.getByTestId('restored-email').textContent).toContain(text);
    expect(calls).toEqual(['POST /api/account/email-restore']);
  });

  it('says a used or expired link no longer works', async () => {
    fakeApi({
      'POST /api/account/email-restore': () => ({
        status: 404,
        body: { code: 'NOT_FOUND', key: 'account.emailRestoreInvalid', message: 'This link has expired or was already used.' },
      }),
    });
    await renderWithApp(<RestoreEmail token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Put my address back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeTruthy();
  });

  it('says a broken link no longer works without asking the server', async () => {
    const { calls } = fakeApi({});
    await renderWithApp(<RestoreEmail token="broken" />, { language: 'ru' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ссылка больше не действует' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows an address another account took meanwhile as the server says', async () => {
    fakeApi({
      'POST /api/account/email-restore': () => ({
        status: 409,
        body: {
          code: 'EMAIL_TAKEN',
          key: 'account.emailRestoreTaken',
          message: 'Your previous address is now used by another account, so it cannot be put back. Please write to us.',
        },
      }),
    });
    await renderWithApp(<RestoreEmail token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Put my address back' }));
    expect((await screen.findByRole('alert')).textContent).toContain('now used by another account');
  });
});
