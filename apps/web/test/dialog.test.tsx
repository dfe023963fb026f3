// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog, DialogCard, DialogDescription, DialogHeader, DialogTrigger } from '@/components/ui/dialog';

function Example() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger>Open it</DialogTrigger>
      <DialogCard width="lg">
        <DialogHeader title="Send it back" closeLabel="Close" />
        <DialogDescription>Tell the owner what to fix.</DialogDescription>
        <input aria-label="Reason" />
      </DialogCard>
    </Dialog>
  );
}

describe('components/ui Dialog', () => {
  afterEach(cleanup);

  it('opens from its trigger as a modal named by its title and described by its text', () => {
    render(<Example />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open it' }));
    const dialog = screen.getByRole('dialog', { name: 'Send it back' });
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Tell the owner what to fix.').id);
    expect(dialog.className).toContain('max-w-lg');
  });

  it('closes with its close button and with Escape', () => {
    render(<Example />);
    fireEvent.click(screen.getByRole('button', { name: 'Open it' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open it' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
