import type { FastifyBaseLogger } from 'fastify';
import { VIN_PROBLEM_MESSAGES, type DecodedVin } from '@medallion/contracts/cars';
import { normaliseVin, validateVin } from '../../integrations/car-data/vin';
import type { VinDecoder } from '../../integrations/car-data/vin-decoder';
import { AppError, invalidField } from '../../lib/app-error';

/**
 * A VIN as the user typed it, normalised (spaces and dashes dropped, upper case) and checked (17
 * characters, no I, O or Q, the check digit); anything else is a 400 on the field `vin`.
 */
export function checkVin(input: string): string {
  const vin = normaliseVin(input);
  const check = validateVin(vin);
  if (!check.ok) throw invalidField('vin', VIN_PROBLEM_MESSAGES[check.reason]);
  return vin;
}

/** What a valid VIN says about the car; a decoder that cannot answer is a 503 (the user types the details). */
export async function decodeVin(decoder: VinDecoder, input: string, log: FastifyBaseLogger): Promise<DecodedVin> {
  const vin = checkVin(input);
  try {
    return await decoder.decode(vin);
  } catch (err) {
    log.error({ err }, 'VIN decoding failed');
    throw new AppError('SERVICE_UNAVAILABLE', 'cars.vinLookupUnavailable');
  }
}
