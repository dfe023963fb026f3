// @medallion/demo: the demo data of a fresh install (SEED_DEMO_DATA). The server imports it only
// when it seeds demo data (apps/api/src/modules/demo/seed-demo-data.ts), so a production server
// (SEED_DEMO_DATA=false) never loads it; the API build emits it as dist/demo.js, apart from server.js.
export { DEMO_ACCOUNTS, type DemoAccount } from './accounts';
export type { DemoFleetVehicle, DemoSeedContext, ResolvedDemoVehicle, SeedAccount } from './context';
export { DEMO_DRIVER_CARD_ID, DEMO_LISTING_FEES_STEP, demoListingFeesSeedStep } from './listing-fees';
export { DEMO_LISTINGS_STEP, DEMO_SALE_LISTINGS_STEP, demoListingsSeedStep, demoSaleListingsSeedStep, fakeVin, type DemoListingsOptions } from './listings';
export { DEMO_ORDERS, DEMO_ORDERS_STEP, demoOrdersSeedStep } from './orders';
export { prng } from './prng';
export {
  DEMO_PRODUCT_PHOTOS_STEP,
  DEMO_PRODUCTS,
  DEMO_PRODUCTS_RU_STEP,
  demoProductPhotosSeedStep,
  demoProductsRuSeedStep,
  demoProductsSeedStep,
  type DemoProductPhotosOptions,
} from './products';
export { demoAccountsSeedStep, demoSeedSteps } from './seed-steps';
