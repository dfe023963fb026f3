/** The cost label's fields of a rental's step 2 save (POST /api/listing/save-draft); a sale ignores them. */
export const RENTAL_LABEL_FIELDS = {
  rent_deposit: '500',
  rent_min_weeks: '2',
  rent_mileage_unlimited: 'no',
  rent_mileage_cap: '1500',
  rent_insurance_included: 'yes',
  rent_insurance_limits: '$100,000/$300,000 liability',
  rent_tlc_plate_included: 'yes',
  rent_maintenance_included: 'yes',
  rent_deductible: '1000',
  rent_remote_disabling: 'no',
} as const;
