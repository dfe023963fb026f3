// Stripe.js lives in lib (the pay pages of several features run its 3-D Secure challenge).
export * from '@/lib/stripe-js';
