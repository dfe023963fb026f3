// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountSettings } from '@/features/auth/components/account-settings';
import { fakeApi, renderWithApp } from './support/render';

async function openDeletion(hasPassword: boolean) {
  await renderWithApp(<AccountSettings email="driver@example.com" hasPassword={hasPassword} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
  return screen.findByRole('dialog');
}

describe('AccountSettings: deleting the account', () => {
  it('keeps "Delete forever" disabled until the password is typed', async () => {
    fakeApi({});
    const dialog = await openDeletion(true);
    const submit = await screen.findByRole('button', { name: 'Delete forever' });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(dialog.querySelector('input[type="password"]')!, { target: { value: 'secret' } });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
  });

  it("shows the server's problem with the password under the field and empties it", async () => {
    let sent: unknown;
    fakeApi({
      'DELETE /api/users': ({ body }) => {
        sent = body;
        return {
          status: 400,
          body: {
            code: 'VALIDATION_ERROR',
            key: 'passwordRequired',
            message: 'PASSWORD parameter is required',
            fields: { password: { key: 'passwordRequired', message: 'PASSWORD parameter is required' } },
          },
        };
      },
    });
    const dialog = await openDeletion(true);
    const input = dialog.querySelector<HTMLInputElement>('input[type="password"]')!;
    fireEvent.change(input, { target: { value: 'secret' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete forever' }));
    expect((await screen.findByRole('alert')).textContent).toBe('PASSWORD parameter is required');
    expect(sent).toEqual({ password: 'secret' });
    expect(input.value).toBe('');
  });

  it('checks the e-mailed code with the contract before sending it', async () => {
    const { calls } = fakeApi({});
    const dialog = await openDeletion(false);
    fireEvent.change(dialog.querySelector('input[autocomplete="one-time-code"]')!, { target: { value: 'abc' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete forever' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
    expect(calls).toEqual([]);
  });
});
