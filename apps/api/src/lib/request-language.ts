import type { FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, type Language } from '@medallion/contracts/site';

/** The language the user reads the site in (the language cookie, else Accept-Language): their e-mails'. */
export function requestLanguage(req: FastifyRequest): Language | undefined {
  const chosen = req.cookies[LANGUAGE_COOKIE];
  if (chosen === 'en' || chosen === 'ru') return chosen;
  const accepted = req.headers['accept-language']?.trim().slice(0, 2).toLowerCase();
  return accepted === 'en' || accepted === 'ru' ? accepted : undefined;
}
