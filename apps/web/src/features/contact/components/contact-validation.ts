import { zodResolver } from '@hookform/resolvers/zod';
import { contactUsRequestSchema } from '@medallion/contracts/contact';

/**
 * Checks the Contact us form with the API's own schema (the contracts' zod schema): the first problem
 * of each field as a key of the message catalogue, else the trimmed request. This module is loaded
 * only once the visitor starts using the form, so zod is not part of any page's first load.
 */
export const contactResolver = zodResolver(contactUsRequestSchema);
