import { contactUsRequestSchema, type ContactUsInput, type ContactUsRequest } from '@medallion/contracts/contact';

export type ContactField = keyof ContactUsInput;
/** The first problem of each field, as a key of the message catalogue (MESSAGES). */
export type ContactErrors = Partial<Record<ContactField, string>>;

export const CONTACT_FIELDS = ['name', 'email', 'message'] as const satisfies readonly ContactField[];

/**
 * Checks the Contact us form with the API's own schema (the contracts' zod schema). This module is
 * loaded only once the visitor starts using the form, so zod is not part of any page's first load.
 * Returns the first problem of each field, and the request to send (trimmed) when there is none.
 */
export function checkContact(values: ContactUsInput): { errors: ContactErrors; request?: ContactUsRequest } {
  const result = contactUsRequestSchema.safeParse(values);
  if (result.success) return { errors: {}, request: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = CONTACT_FIELDS.find((f) => f === issue.path[0]);
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return { errors };
}
