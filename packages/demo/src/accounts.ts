/**
 * The demo accounts a fresh install gets with SEED_DEMO_DATA (README "Demo accounts"), the one list
 * the seed, the tests and the end-to-end specs read. Never created when SEED_DEMO_DATA=false (production).
 */
export const DEMO_ACCOUNTS = {
  staff: { email: 'staff@medallion.example', password: 'Staff2024', name: 'Medallion Staff', role: 'staff' },
  driver: { email: 'driver@medallion.example', password: 'Driver2024', name: 'Aziz Karimov', role: 'user' },
} as const;

export type DemoAccount = (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS];
