import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UseFormSetError } from 'react-hook-form';
import { toMessage } from '@medallion/contracts/messages';
import { ApiClientError } from '@/lib/api-client';
import { applyFieldErrors, errorText, fieldErrorText, fieldErrorTexts, keyText } from '@/lib/error-text';
import { i18n } from '@/lib/i18n';

const common = (lng: string) => JSON.parse(readFileSync(new URL(`../src/locales/${lng}/common.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

/** An error as the fetch client makes it from the server's body. */
const apiError = (status: number, code: ConstructorParameters<typeof ApiClientError>[1], body: ConstructorParameters<typeof ApiClientError>[2]) =>
  new ApiClientError(status, code, body);

beforeAll(async () => {
  await i18n.init({
    lng: 'ru',
    fallbackLng: false,
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    resources: { en: { common: common('en') }, ru: { common: common('ru') } },
  });
});

describe('errorText', () => {
  it("translates the server's message by its key, with its params", async () => {
    const outOfStock = apiError(409, 'CONFLICT', toMessage('cart.outOfStock', { title: 'Seat covers $& (black)' }));
    expect(errorText(outOfStock)).toBe('«Seat covers $& (black)»: столько нет в наличии. Уменьшите количество или уберите товар.');
    await i18n.changeLanguage('en');
    expect(errorText(outOfStock)).toBe('"Seat covers $& (black)" is out of stock in the quantity you chose. Lower the quantity or remove it.');
    await i18n.changeLanguage('ru');
  });

  it('does not depend on the English text: a reworded sentence keeps its translation', () => {
    expect(errorText(apiError(404, 'NOT_FOUND', { key: 'exam.attemptNotFound', message: 'Some new English wording.' }))).toBe('Такой попытки экзамена нет.');
  });

  it("shows the server's English text for a key the locales do not know (a newer server)", () => {
    const unknown = { key: 'future.key', message: 'A message from a newer server.' } as unknown as ConstructorParameters<typeof ApiClientError>[2];
    expect(errorText(apiError(400, 'BAD_REQUEST', unknown))).toBe('A message from a newer server.');
  });

  it('says "no connection" for a call without an answer and "something went wrong" for anything else', () => {
    expect(errorText(apiError(0, 'NETWORK_ERROR', { message: 'offline' }))).toBe(i18n.t('common:errors.network'));
    expect(errorText(new Error('chunk failed'))).toBe(i18n.t('common:errors.unexpected'));
    expect(errorText(undefined)).toBe(i18n.t('common:errors.unexpected'));
    expect(i18n.t('common:errors.network')).toMatch(/[а-яё]/i);
  });

  it('writes a day the server sends (YYYY-MM-DD) as a long date in the language, never as 2026-11-28', async () => {
    const future = apiError(400, 'BAD_REQUEST', toMessage('licenseTracker.dayInFuture', { today: '2026-11-28' }));
    expect(errorText(future)).toBe('Этот день ещё не наступил: выберите сегодняшний (28 ноября 2026 г.) или более ранний.');
    await i18n.changeLanguage('en');
    expect(errorText(future)).toBe('That day has not come yet: pick today (November 28, 2026) or an earlier day.');
    // Only a day is rewritten: other values stay as written.
    expect(errorText(apiError(409, 'CONFLICT', toMessage('cart.outOfStock', { title: '2026-11-28x' })))).toContain('"2026-11-28x"');
    await i18n.changeLanguage('ru');
  });

  it("shows a provider's own text (no key of ours) as written", () => {
    expect(errorText(apiError(402, 'PAYMENT_FAILED', toMessage('error.untranslated', { text: 'Your card does not support this type of purchase.' })))).toBe(
      'Your card does not support this type of purchase.',
    );
  });
});

describe('field errors', () => {
  const invalid = apiError(400, 'VALIDATION_ERROR', {
    ...toMessage('nameMin'),
    fields: { name: toMessage('nameMin'), email: toMessage('emailInvalid'), 'images.2': toMessage('image.damaged') },
  });

  it('translates each field the server named', () => {
    expect(fieldErrorText(invalid, 'name')).toBe('Имя должно содержать не менее 2 символов.');
    expect(fieldErrorText(invalid, 'phone')).toBeUndefined();
    expect(fieldErrorText(new Error('x'), 'name')).toBeUndefined();
    expect(Object.keys(fieldErrorTexts(invalid) ?? {})).toEqual(['name', 'email', 'images.2']);
    expect(fieldErrorTexts(invalid)?.['images.2']).toMatch(/повреждено/);
  });

  /** A form that records the errors set on it. */
  function recordingForm<T extends Record<string, string>>() {
    const calls: Array<[string, { type: string; message: string }]> = [];
    const setError = ((name: string, error: { type: string; message: string }) => void calls.push([name, error])) as UseFormSetError<T>;
    return { calls, form: { setError } };
  }

  it('sets them on a react-hook-form form, only for the fields asked for', () => {
    const { calls, form } = recordingForm<{ name: string; email: string }>();
    expect(applyFieldErrors(form, invalid, ['name', 'email'])).toBe(true);
    expect(calls).toEqual([
      ['name', { type: 'server', message: fieldErrorText(invalid, 'name') }],
      ['email', { type: 'server', message: fieldErrorText(invalid, 'email') }],
    ]);
    expect(calls[1]![1].message).toMatch(/[а-яё]/i);
    expect(applyFieldErrors(form, apiError(409, 'CONFLICT', toMessage('error.conflict')))).toBe(false);
    expect(applyFieldErrors(form, new Error('x'))).toBe(false);
    expect(calls).toHaveLength(2);
  });

  it("maps the server's paths to the form's with a function, skipping the ones it does not know", () => {
    const { calls, form } = recordingForm<{ fullName: string; pictures: string }>();
    const toForm = (path: string) => (path === 'name' ? 'fullName' : path.startsWith('images.') ? 'pictures' : undefined);
    expect(applyFieldErrors(form, invalid, toForm)).toBe(true);
    expect(calls.map(([name]) => name)).toEqual(['fullName', 'pictures']);
    expect(calls[1]![1]).toEqual({ type: 'server', message: fieldErrorText(invalid, 'images.2') });
    expect(applyFieldErrors(form, invalid, () => undefined)).toBe(false);
  });

  it("translates a form's own zod message (a catalogue key) and leaves other texts alone", () => {
    expect(keyText('emailInvalid')).toBe(fieldErrorText(invalid, 'email'));
    expect(keyText('Already a sentence.')).toBe('Already a sentence.');
    expect(keyText(undefined)).toBeUndefined();
  });
});
