import { describe, expect, it } from 'vitest';
import { localizedTitle, productTexts, type BilingualProductTexts } from '@medallion/contracts/product-text';

const product: BilingualProductTexts = {
  title: 'Phone mount',
  description: 'A magnetic mount.',
  details: [
    { key: 'Mount', data: 'Air vent' },
    { key: 'Phones', data: '4"–7"' },
  ],
  title_ru: 'Держатель телефона',
  description_ru: 'Магнитный держатель.',
  details_ru: [
    { key: 'Крепление', data: 'На воздуховод' },
    { key: 'Телефоны', data: '4"–7"' },
  ],
};

describe('product texts in the reader language', () => {
  it('English readers get the English texts', () => {
    expect(productTexts(product, 'en')).toEqual({ title: 'Phone mount', description: 'A magnetic mount.', details: product.details });
  });

  it('Russian readers get the Russian texts', () => {
    expect(productTexts(product, 'ru')).toEqual({ title: 'Держатель телефона', description: 'Магнитный держатель.', details: product.details_ru });
  });

  it('an empty Russian text falls back to English, each text and each detail line on its own', () => {
    const partly = { ...product, description_ru: '', details_ru: [{ key: 'Крепление', data: '' }] };
    expect(productTexts(partly, 'ru')).toEqual({
      title: 'Держатель телефона',
      description: 'A magnetic mount.',
      details: [
        { key: 'Крепление', data: 'Air vent' },
        { key: 'Phones', data: '4"–7"' },
      ],
    });
    expect(productTexts({ ...product, title_ru: '', details_ru: [] }, 'ru').title).toBe('Phone mount');
  });

  it('titles of cart items and order lines', () => {
    expect(localizedTitle({ title: 'Phone mount', title_ru: 'Держатель телефона' }, 'ru')).toBe('Держатель телефона');
    expect(localizedTitle({ title: 'Phone mount', title_ru: 'Держатель телефона' }, 'en')).toBe('Phone mount');
    expect(localizedTitle({ title: 'Phone mount', title_ru: '' }, 'ru')).toBe('Phone mount');
  });
});
