import type { CarModel } from '@medallion/contracts/listings';
import { listModels } from '../../integrations/car-data/car-data';
import { AppError } from '../../lib/app-error';

/** The models of a make of our car data, sorted by name; a make we do not know is a 404. */
export function listCarModels(makeId: number): CarModel[] {
  const models = listModels(makeId);
  if (!models) throw new AppError('NOT_FOUND', 'cars.makeUnknown');
  return models;
}
