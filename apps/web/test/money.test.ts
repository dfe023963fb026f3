import { describe, expect, it } from 'vitest';
import { formatUsd } from '@/lib/money';

const plain = (s: string) => s.replace(/\s/g, ' ');

describe('formatUsd', () => {
  it('shows cents always by default, in each language’s own style', () => {
    expect(formatUsd(14.99, 'en')).toBe('$14.99');
    expect(formatUsd(20, 'en')).toBe('$20.00');
    expect(formatUsd(10000, 'en')).toBe('$10,000.00');
    expect(plain(formatUsd(14.99, 'ru'))).toBe('14,99 $');
    expect(plain(formatUsd(2580, 'ru'))).toBe('2 580,00 $');
  });
  it("drops .00 from whole amounts with 'auto', keeps real cents", () => {
    expect(formatUsd(450, 'en', 'auto')).toBe('$450');
    expect(formatUsd(99.5, 'en', 'auto')).toBe('$99.50');
    expect(plain(formatUsd(2580, 'ru', 'auto'))).toBe('2 580 $');
    // The cached formatter of one style does not leak into the other.
    expect(formatUsd(450, 'en')).toBe('$450.00');
  });
});
