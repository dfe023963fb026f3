import { z } from 'zod';
import { freeText, text } from './text';
import { MAX_RENTAL_DEPOSIT_DOLLARS } from './rental-states';

/**
 * The hand-over of a rental (issue #32): at the pick-up and at the return each party sends the photos
 * of every slot below, with the odometer reading and the fuel or charge level, and the owner's damage
 * claim on the deposit after the return. The rules (windows, who, the deposit) are in rental-states.ts
 * and the API's modules/rental-handover.
 */
export const HANDOVER_STAGES = ['pickup', 'return'] as const;
export type HandoverStage = (typeof HANDOVER_STAGES)[number];
/** The photos of one hand-over set, all required, in this order: four sides, the interior, the odometer, the fuel or charge level. */
export const HANDOVER_SLOTS = ['front', 'rear', 'left', 'right', 'interior', 'odometer', 'fuel'] as const;
export type HandoverSlot = (typeof HANDOVER_SLOTS)[number];
export const HANDOVER_PARTIES = ['driver', 'owner'] as const;
export type HandoverParty = (typeof HANDOVER_PARTIES)[number];
/** At most this many photos with a claim. */
export const MAX_CLAIM_PHOTOS = 6;
export const MAX_ODOMETER_MILES = 2_000_000;

/** A picture as the browser read it (a data URL); the server checks and re-encodes it. */
const photo = text({ error: 'handoverPhotoRequired' }).min(1, 'handoverPhotoRequired');

export const handoverParamsSchema = z.object({ id: text().min(1).max(100), stage: z.enum(HANDOVER_STAGES) });
export const handoverPhotoParamsSchema = z.object({ id: text().min(1).max(100), file: text().regex(/^[a-f0-9]{16}\.webp$/, 'handoverPhotoNotFound') });

/** POST /rentals/{id}/handover/{stage}: one party's set. */
export const handoverRequestSchema = z.object({
  photos: z.object(Object.fromEntries(HANDOVER_SLOTS.map((slot) => [slot, photo])) as Record<HandoverSlot, typeof photo>, { error: 'handoverPhotoRequired' }),
  odometer: z.number({ error: 'handoverOdometer' }).int('handoverOdometer').min(0, 'handoverOdometer').max(MAX_ODOMETER_MILES, 'handoverOdometer'),
  fuel: z.number({ error: 'handoverFuel' }).int('handoverFuel').min(0, 'handoverFuel').max(100, 'handoverFuel'),
});
export type HandoverRequest = z.infer<typeof handoverRequestSchema>;

export const handoverSetSchema = z.object({
  stage: z.enum(HANDOVER_STAGES),
  party: z.enum(HANDOVER_PARTIES),
  /** Slot → the address the signed-in party (or staff in a dispute) loads it from. */
  photos: z.record(z.string(), z.string()),
  odometer: z.number().int(),
  fuel: z.number().int(),
  'submitted-at': z.string(),
});
export type HandoverSet = z.infer<typeof handoverSetSchema>;

export const claimSchema = z.object({
  'amount-cents': z.number().int(),
  description: z.string(),
  photos: z.array(z.string()),
  answer: z.enum(['accepted', 'disputed', 'unanswered']).nullable(),
  'answer-note': z.string().nullable(),
  'answered-at': z.string().nullable(),
  'decided-cents': z.number().int().nullable(),
  'decided-at': z.string().nullable(),
  'decision-note': z.string().nullable(),
  'withheld-cents': z.number().int().nullable(),
  'opened-at': z.string(),
});
export type RentalClaim = z.infer<typeof claimSchema>;

/** GET /rentals/{id}/handover: both parties' sets, the claim, and what the signed-in user may do now. */
export const handoverResponseSchema = z.object({
  data: z.object({
    'rental-id': z.string(),
    status: z.string(),
    role: z.enum(['driver', 'owner', 'staff']),
    'deposit-cents': z.number().int(),
    'returned-at': z.string().nullable(),
    sets: z.array(handoverSetSchema),
    claim: claimSchema.nullable(),
    /** The stages the signed-in party may send a set for now. */
    'may-send': z.array(z.enum(HANDOVER_STAGES)),
    'may-claim': z.boolean(),
    'may-answer': z.boolean(),
  }),
});
export type HandoverResponse = z.infer<typeof handoverResponseSchema>;

/** POST /rentals/{id}/claim: the owner's damage claim (dollars and cents, at most the deposit). */
export const openClaimRequestSchema = z.object({
  amount: z
    .number({ error: 'claimAmountInvalid' })
    .positive('claimAmountInvalid')
    .max(MAX_RENTAL_DEPOSIT_DOLLARS, 'claimAmountInvalid')
    .multipleOf(0.01, 'claimAmountInvalid'),
  description: freeText().trim().min(1, 'claimDescriptionRequired').max(2000, 'claimDescriptionMax'),
  photos: z.array(photo).min(1, 'claimPhotosRequired').max(MAX_CLAIM_PHOTOS, 'claimPhotosMax'),
});
export type OpenClaimRequest = z.infer<typeof openClaimRequestSchema>;

/** POST /rentals/{id}/claim/answer: the driver accepts or disputes. */
export const answerClaimRequestSchema = z.object({
  answer: z.enum(['accept', 'dispute'], { error: 'claimAnswerInvalid' }),
  note: freeText().trim().max(2000, 'claimDescriptionMax').optional(),
});

/** POST /admin/rental-claims/{id}/decision: staff decide a disputed claim (the rental's id). */
export const decideClaimRequestSchema = z.object({
  amount: z
    .number({ error: 'claimDecisionInvalid' })
    .min(0, 'claimDecisionInvalid')
    .max(MAX_RENTAL_DEPOSIT_DOLLARS, 'claimDecisionInvalid')
    .multipleOf(0.01, 'claimDecisionInvalid'),
  note: freeText().trim().max(2000, 'claimDescriptionMax').optional(),
});

export const claimStateResponseSchema = z.object({ data: z.object({ 'rental-id': z.string(), status: z.string(), claim: claimSchema }) });

/** GET /admin/rental-claims: the disputed claims waiting for staff, with both sides' hand-over sets. */
export const disputedClaimsResponseSchema = z.object({
  data: z.array(
    z.object({
      'rental-id': z.string(),
      car: z.string(),
      driver: z.string(),
      owner: z.string(),
      'deposit-cents': z.number().int(),
      'returned-at': z.string().nullable(),
      claim: claimSchema,
      sets: z.array(handoverSetSchema),
    }),
  ),
});
export type DisputedClaimsResponse = z.infer<typeof disputedClaimsResponseSchema>;
