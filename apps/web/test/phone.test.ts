import { describe, expect, it } from 'vitest';
import { updateProfileRequestSchema } from '@medallion/contracts/account';
import { toUsE164 } from '@medallion/contracts/phone';
import { nationalUsPhone } from '@medallion/contracts/phone-format';

describe('profile phone', () => {
  it.each([
    ['(212) 555-0190', '+12125550190'],
    ['212.555.0190', '+12125550190'],
    ['+1 (718) 555-0123', '+17185550123'],
    ['1-917-555-0142', '+19175550142'],
  ])('reads %s as %s', (typed, e164) => {
    expect(toUsE164(typed)).toBe(e164);
  });

  it.each(['555-0190', '(123) 456-7890', '+44 20 7946 0958', '+1 416 555 0199', 'phone', '2'.repeat(31)])('refuses %s', (typed) => {
    expect(toUsE164(typed)).toBeNull();
  });

  it('shows a stored number in the national form, leaving anything else as it is', () => {
    expect(nationalUsPhone('+12125550190')).toBe('(212) 555-0190');
    expect(nationalUsPhone(null)).toBe('');
    expect(nationalUsPhone('+442079460958')).toBe('+442079460958');
  });

  it('the form schema gives E.164, null for blank, and the phoneInvalid key', () => {
    expect(updateProfileRequestSchema.parse({ name: ' Ann Lee ', phone: '212 555 0190' })).toEqual({ name: 'Ann Lee', phone: '+12125550190' });
    expect(updateProfileRequestSchema.parse({ phone: '  ' })).toEqual({ phone: null });
    const bad = updateProfileRequestSchema.safeParse({ phone: '123' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual(['phoneInvalid']);
  });
});
