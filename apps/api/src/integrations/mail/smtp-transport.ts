import nodemailer, { type Transporter } from 'nodemailer';

/**
 * An SMTP transport from a URL such as smtp://user:pass@host:587 or smtps://host:465.
 * Query parameters of the URL (e.g. ?ignoreTLS=true) are passed on as transport options.
 */
export function createSmtpTransport(url: string): Transporter {
  return nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
}
