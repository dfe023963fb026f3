// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContactForm } from '@/features/contact/components/contact-form';
import { fakeApi, renderWithApp } from './support/render';

const field = (label: string) => screen.findByLabelText<HTMLInputElement>(label);
const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

describe('ContactForm', () => {
  it('checks a field when it loses focus and then at every change', async () => {
    fakeApi({});
    await renderWithApp(<ContactForm />);
    const name = await field('Name');
    fireEvent.focus(name);
    fireEvent.blur(name);
    await waitFor(() => expect(alerts()).toEqual(['Please enter your name.']));
    fireEvent.change(name, { target: { value: 'A' } });
    await waitFor(() => expect(alerts()).toEqual(['Name must be at least 2 characters.']));
    fireEvent.change(name, { target: { value: 'Al' } });
    await waitFor(() => expect(alerts()).toEqual([]));
  });

  it('checks every field on submit, focuses the first wrong one and sends nothing', async () => {
    const { calls } = fakeApi({});
    await renderWithApp(<ContactForm />);
    fireEvent.change(await field('E-mail'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(alerts()).toEqual(['Please enter your name.', 'Please enter a valid e-mail address.', 'Please enter your message.']));
    expect(document.activeElement).toBe(await field('Name'));
    expect(calls).toEqual([]);
  });

  it('sends the trimmed request, then clears the fields; a server field problem shows under its field', async () => {
    let sent: unknown;
    let answer: 'ok' | 'invalid' = 'invalid';
    fakeApi({
      'POST /api/contact-us': ({ body }) => {
        sent = body;
        if (answer === 'ok') return { body: { message: 'Thank you for your question. Our team will reach out to you soon.' } };
        const problem = { key: 'emailInvalid', message: 'Please enter a valid e-mail address.' };
        return { status: 400, body: { code: 'VALIDATION_ERROR', ...problem, fields: { email: problem } } };
      },
    });
    await renderWithApp(<ContactForm />);
    fireEvent.change(await field('Name'), { target: { value: ' Dmitri ' } });
    fireEvent.change(await field('E-mail'), { target: { value: 'dmitri@example.com' } });
    fireEvent.change(await field('Message'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(alerts()).toContain('Please enter a valid e-mail address.'));
    expect(sent).toEqual({ name: 'Dmitri', email: 'dmitri@example.com', message: 'Hello' });
    answer = 'ok';
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByText('Thank you for your question. Our team will reach out to you soon.');
    expect((await field('Name')).value).toBe('');
    expect((await field('Message')).value).toBe('');
  });
});
