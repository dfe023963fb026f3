import { useTranslation } from 'react-i18next';
import { ApiClientError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

/** Text for a failed auth call in the user's language: the auth page's text for its code, else the server's message by key. */
export function useAuthErrorText() {
  const { t } = useTranslation('auth');
  return (error: unknown, email?: string): string => {
    if (error instanceof ApiClientError) {
      return t(`codes.${error.code}`, { defaultValue: errorText(error), email });
    }
    return t('common:errors.unexpected');
  };
}

/** Translates a validation message key of the contracts (form errors) into the user's language. */
export function useValidationText() {
  const { t } = useTranslation('auth');
  return (key?: string) => (key ? t(`common:messages.${key}`, { defaultValue: key }) : undefined);
}
