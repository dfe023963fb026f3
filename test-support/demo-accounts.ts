// The demo accounts the seed creates (README), as every test suite (e2e, bench, API tests) knows them:
// the one place tests learn their e-mails and passwords. Nothing else in the tests imports the seed for them.
import { DEMO_ACCOUNTS } from '@medallion/demo/accounts';

export { DEMO_ACCOUNTS };

/** What signs the demo driver in (the sign-in form's fields). */
export const DRIVER = { email: DEMO_ACCOUNTS.driver.email, password: DEMO_ACCOUNTS.driver.password };
/** What signs the demo staff member in. */
export const STAFF = { email: DEMO_ACCOUNTS.staff.email, password: DEMO_ACCOUNTS.staff.password };
