// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReportListingDialog } from '@/features/listing-reports/components/report-listing-dialog';
import { MessageOwnerForm } from '@/features/messages/components/message-owner-form';
import { fakeApi, renderWithApp } from './support/render';

const LISTING = '11111111-1111-4111-8111-111111111111';

describe('ReportListingDialog', () => {
  const send = async () => fireEvent.click(await screen.findByRole('button', { name: 'Send report' }));

  it('asks for a reason, and for details when the reason is Other, before sending anything', async () => {
    const { calls } = fakeApi({});
    await renderWithApp(<ReportListingDialog listingId={LISTING} onClose={vi.fn()} />);
    await send();
    expect((await screen.findByRole('alert')).textContent).toBe('Choose why you are reporting this listing.');
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    await screen.findByRole('textbox', { name: 'Details (required for Other)' });
    await send();
    expect((await screen.findByRole('alert')).textContent).toBe('Tell us what is wrong with this listing.');
    expect(calls).toEqual([]);
  });

  it('sends the reason and trimmed details, then thanks; a second report says it was reported already', async () => {
    let sent: unknown;
    let status = 200;
    fakeApi({
      [`POST /api/listing/${LISTING}/report`]: ({ body }) => {
        sent = body;
        return status === 200
          ? { body: { data: { listing_id: LISTING, reported: true } } }
          : { status, body: { code: 'CONFLICT', key: 'listingReport.alreadyReported', message: 'already' } };
      },
    });
    const onClose = vi.fn();
    const view = await renderWithApp(<ReportListingDialog listingId={LISTING} onClose={onClose} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Asks for a deposit or payment outside Medallion, or looks like a scam' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Details (optional)' }), { target: { value: '  wants a Zelle deposit  ' } });
    await send();
    await screen.findByText('Thank you for your report. Our team will review this listing.');
    expect(sent).toEqual({ reason: 'scam', details: 'wants a Zelle deposit' });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledWith(true);
    view.unmount();

    status = 409;
    await renderWithApp(<ReportListingDialog listingId={LISTING} onClose={vi.fn()} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Duplicate listing' }));
    await send();
    await screen.findByText('You have already reported this listing. Thank you: our team will look into it.');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('MessageOwnerForm', () => {
  const send = async () => fireEvent.click(await screen.findByRole('button', { name: 'Send to the owner' }));

  it('refuses a blank message in the form and shows the rate limit by its key', async () => {
    const { calls } = fakeApi({
      [`POST /api/listing/${LISTING}/messages`]: () => ({
        status: 429,
        body: { code: 'RATE_LIMITED', key: 'conversation.tooManyConversations', message: 'limit' },
      }),
    });
    await renderWithApp(<MessageOwnerForm listingId={LISTING} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your message' }), { target: { value: '   ' } });
    await send();
    expect((await screen.findByRole('alert')).textContent).toBe('Please write a message.');
    expect(calls).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Your message' }), { target: { value: 'Hello' } });
    await send();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'You have contacted several owners in the last hour. Please wait a while before messaging another one.',
      ),
    );
  });

  it('sends the trimmed message, empties the field and links to the conversation', async () => {
    let sent: unknown;
    fakeApi({
      [`POST /api/listing/${LISTING}/messages`]: ({ body }) => {
        sent = body;
        return {
          body: {
            data: {
              conversation_id: 'c1',
              message: { message_id: 'm1', mine: true, sender_name: 'Dana', body: 'Hello', created_at: new Date().toISOString() },
            },
          },
        };
      },
    });
    await renderWithApp(<MessageOwnerForm listingId={LISTING} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your message' }), { target: { value: '  Is it available?  ' } });
    await send();
    const link = await screen.findByRole('link', { name: 'Open the conversation' });
    expect(link.getAttribute('href')).toBe('/dashboard?tab=messages&conversation=c1');
    expect(sent).toEqual({ body: 'Is it available?' });
    expect((screen.getByRole('textbox', { name: 'Your message' }) as HTMLTextAreaElement).value).toBe('');
  });
});
