import { describe, expect, it } from 'vitest';
import { formatClock } from '../src/features/exam/components/timed-simulation';

describe("the timed simulation's clock", () => {
  it('shows mm:ss, hours folded into the minutes, rounding a started second up and never below zero', () => {
    expect(formatClock(90 * 60_000)).toBe('90:00');
    expect(formatClock(5 * 60_000)).toBe('05:00');
    expect(formatClock(59_001)).toBe('01:00');
    expect(formatClock(59_000)).toBe('00:59');
    expect(formatClock(1)).toBe('00:01');
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(-5000)).toBe('00:00');
    expect(formatClock(240 * 60_000)).toBe('240:00');
  });
});
