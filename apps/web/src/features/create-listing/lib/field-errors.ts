import { localizeMessage } from '@/lib/server-messages';

/** A validation key, or an English text from the server, in the user's language (unknown texts as they are). */
export function translateValidation(keyOrText: string | undefined): string | undefined {
  return keyOrText ? localizeMessage(keyOrText) : undefined;
}
