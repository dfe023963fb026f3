import { describe, expect, it } from 'vitest';
import { checkoutDraftKey, clearCheckoutDraft, EMPTY_ADDRESS, readCheckoutDraft, writeCheckoutDraft } from '@/features/shop/lib/checkout-draft';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const address = { full_name: 'Sam Shopper', address_one: '1 Main St', address_two: '', address_city: 'New York', address_state: 'NY', address_zip: '10001' };

describe('checkout draft (shipping form and unticked items kept across the card form)', () => {
  it('keeps one draft per user and gives it back', () => {
    const storage = memoryStorage();
    writeCheckoutDraft('user-a', { address, deselected: ['item-1'] }, storage);
    writeCheckoutDraft('user-b', { address: { ...EMPTY_ADDRESS, full_name: 'Other' }, deselected: [] }, storage);
    expect(readCheckoutDraft('user-a', storage)).toEqual({ address, deselected: ['item-1'] });
    expect(readCheckoutDraft('user-b', storage)?.address.full_name).toBe('Other');
    expect(readCheckoutDraft('user-c', storage)).toBeNull();
    expect(readCheckoutDraft(undefined, storage)).toBeNull();
  });

  it('removes the entry when the form is empty and nothing is unticked, and on clear', () => {
    const storage = memoryStorage();
    writeCheckoutDraft('user-a', { address, deselected: [] }, storage);
    expect(storage.map.has(checkoutDraftKey('user-a'))).toBe(true);
    writeCheckoutDraft('user-a', { address: EMPTY_ADDRESS, deselected: [] }, storage);
    expect(storage.map.has(checkoutDraftKey('user-a'))).toBe(false);
    writeCheckoutDraft('user-a', { address, deselected: ['x'] }, storage);
    clearCheckoutDraft('user-a', storage);
    expect(readCheckoutDraft('user-a', storage)).toBeNull();
  });

  it('ignores damaged or foreign data instead of failing', () => {
    const storage = memoryStorage();
    const key = checkoutDraftKey('user-a');
    for (const junk of ['{', 'null', '42', '"text"']) {
      storage.map.set(key, junk);
      expect(readCheckoutDraft('user-a', storage), junk).toBeNull();
    }
    storage.map.set(key, JSON.stringify({ address: { full_name: 7, address_city: 'Queens', evil: 'x' }, deselected: ['ok', 5, null, 'y'.repeat(500)] }));
    expect(readCheckoutDraft('user-a', storage)).toEqual({ address: { ...EMPTY_ADDRESS, address_city: 'Queens' }, deselected: ['ok'] });
  });

  it('survives storage that throws (private mode, quota)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(readCheckoutDraft('user-a', broken)).toBeNull();
    expect(() => writeCheckoutDraft('user-a', { address, deselected: [] }, broken)).not.toThrow();
    expect(() => clearCheckoutDraft('user-a', broken)).not.toThrow();
  });
});
