import { describe, expect, it } from 'vitest';
import { translateMessage } from '../src/message-catalogue';

const catalogue = {
  'Your card was declined.': 'Карта отклонена.',
  '"{{title}}" is out of stock in the quantity you chose.': '«{{title}}»: столько нет в наличии.',
  'The amount to pay is {{amount}} ({{cents}} cents).': 'Сумма к оплате — {{amount}}.',
};

describe('translateMessage', () => {
  it('translates a known text exactly', () => {
    expect(translateMessage(catalogue, 'Your card was declined.')).toBe('Карта отклонена.');
  });
  it('fills placeholders from the message, even when the text has regex characters in it', () => {
    expect(translateMessage(catalogue, '"Seat covers (black) $25?" is out of stock in the quantity you chose.')).toBe(
      '«Seat covers (black) $25?»: столько нет в наличии.',
    );
    expect(translateMessage(catalogue, 'The amount to pay is $15.00 (1500 cents).')).toBe('Сумма к оплате — $15.00.');
  });
  it('leaves unknown texts, near misses and a missing catalogue alone', () => {
    expect(translateMessage(catalogue, 'Something else.')).toBeUndefined();
    expect(translateMessage(catalogue, 'The amount to pay is $15.00.')).toBeUndefined();
    expect(translateMessage(catalogue, 'Your card was declined')).toBeUndefined();
    expect(translateMessage(undefined, 'Your card was declined.')).toBeUndefined();
  });
});
