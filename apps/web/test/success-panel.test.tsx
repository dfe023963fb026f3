// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SuccessPanel } from '@/components/ui/success-panel';

afterEach(cleanup);

describe('SuccessPanel', () => {
  it('comes into view and takes the focus on its heading (a phone stayed scrolled at the footer after paying)', () => {
    const scrolled = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrolled;
    try {
      render(
        <SuccessPanel title="Thank you for your order!" text="We e-mailed you a confirmation.">
          <p>Order No. D0BEFC1C</p>
        </SuccessPanel>,
      );
      const heading = screen.getByRole('heading', { name: 'Thank you for your order!' });
      expect(document.activeElement).toBe(heading);
      expect(scrolled).toHaveBeenCalledTimes(1);
      expect(scrolled.mock.contexts[0]).toBe(heading.parentElement);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});
