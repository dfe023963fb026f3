// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReportDialog } from '@/features/exam/components/report-dialog';
import { fakeApi, renderWithApp } from './support/render';

const send = async () => fireEvent.click(await screen.findByRole('button', { name: 'Send report' }));

describe('ReportDialog', () => {
  it('asks for an issue or a text before sending anything, and clears the problem at the next change', async () => {
    const { calls } = fakeApi({});
    await renderWithApp(<ReportDialog questionId="q1" onClose={vi.fn()} />);
    await send();
    expect((await screen.findByRole('alert')).textContent).toBe('Please select at least one issue or enter other issue');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Spelling or grammar' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(calls).toEqual([]);
  });

  it('sends the checked issues and the trimmed text, then closes', async () => {
    let sent: unknown;
    fakeApi({
      'POST /api/exam/questions/issue': ({ body }) => {
        sent = body;
        return { body: { data: { question_id: 'q1', reported: true } } };
      },
    });
    const onClose = vi.fn();
    await renderWithApp(<ReportDialog questionId="q1" onClose={onClose} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Outdated Information' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Other (optional)' }), { target: { value: '  typo in answer B  ' } });
    await send();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(sent).toEqual({ question_id: 'q1', issue: JSON.stringify({ selectedList: ['outdated'], otherIssue: 'typo in answer B' }) });
  });

  it("shows the server's problem with a field of the report, and a repeated report as already sent", async () => {
    let status = 400;
    fakeApi({
      'POST /api/exam/questions/issue': () =>
        status === 400
          ? {
              status,
              body: {
                code: 'VALIDATION_ERROR',
                key: 'reportOtherTooLong',
                message: 'Please keep the description under 1000 characters.',
                fields: { 'issue.otherIssue': { key: 'reportOtherTooLong', message: 'Please keep the description under 1000 characters.' } },
              },
            }
          : { status, body: { code: 'CONFLICT', key: 'error.conflict', message: 'Conflict' } },
    });
    await renderWithApp(<ReportDialog questionId="q1" onClose={vi.fn()} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Other (optional)' }), { target: { value: 'text' } });
    await send();
    expect((await screen.findByRole('alert')).textContent).toBe('Please keep the description under 1000 characters.');
    status = 409;
    await send();
    await screen.findByText('You have already reported this question.');
  });
});
