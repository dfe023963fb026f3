import { findMake, findModel } from './car-data';

export type FleetFuel = 'Gasoline' | 'Hybrid' | 'Electric';

/** vPIC body class names used by the fleet. */
export type FleetBodyClass = 'Sedan/Saloon' | 'Hatchback/Liftback/Notchback' | 'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)' | 'Minivan' | 'Van';

/** A car NYC TLC drivers actually drive, for the demo seed. Make and model as the car data spells them. */
export interface FleetVehicle {
  make: string;
  model: string;
  /** Model years that were on NYC streets under TLC plates, inclusive. */
  years: readonly [from: number, to: number];
  bodyClass: FleetBodyClass;
  fuel: FleetFuel;
  doors: number;
  seats: number;
  seatRows: number;
  /** Typical weekly rent in dollars for a TLC-plated car (insurance included), inclusive. */
  weeklyRent: readonly [min: number, max: number];
}

const SEDAN = 'Sedan/Saloon';
const HATCH = 'Hatchback/Liftback/Notchback';
const SUV = 'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)';
const MINIVAN = 'Minivan';
const VAN = 'Van';

const car = (
  make: string,
  model: string,
  years: [number, number],
  bodyClass: FleetBodyClass,
  fuel: FleetFuel,
  [doors, seats, seatRows]: [number, number, number],
  weeklyRent: [number, number],
): FleetVehicle => ({ make, model, years, bodyClass, fuel, doors, seats, seatRows, weeklyRent });

/**
 * TLC-typical vehicles: the hybrid sedans and SUVs of Uber/Lyft drivers, the black-car SUVs and
 * sedans of the livery bases, the minivans for XL and wheelchair-accessible trips, EVs, and the
 * yellow-cab NV200. Rents reflect NYC TLC rental fleets: about $300–$600 a week for hybrids and
 * economy cars, more for EVs, XL minivans and black cars.
 */
export const TLC_FLEET: readonly FleetVehicle[] = [
  // Hybrid sedans and hatchbacks (Uber X / Lyft standard)
  car('Toyota', 'Camry', [2018, 2025], SEDAN, 'Hybrid', [4, 5, 2], [375, 475]),
  car('Toyota', 'Corolla', [2020, 2025], SEDAN, 'Hybrid', [4, 5, 2], [325, 400]),
  car('Toyota', 'Prius', [2016, 2023], HATCH, 'Hybrid', [5, 5, 2], [325, 425]),
  car('Honda', 'Accord', [2018, 2025], SEDAN, 'Hybrid', [4, 5, 2], [375, 475]),
  car('Hyundai', 'Sonata', [2016, 2024], SEDAN, 'Hybrid', [4, 5, 2], [350, 450]),
  car('Hyundai', 'Elantra', [2021, 2025], SEDAN, 'Hybrid', [4, 5, 2], [325, 400]),
  car('Hyundai', 'Ioniq', [2017, 2022], HATCH, 'Hybrid', [5, 5, 2], [325, 400]),
  car('Kia', 'Optima', [2017, 2020], SEDAN, 'Hybrid', [4, 5, 2], [300, 375]),
  car('Kia', 'K5', [2021, 2025], SEDAN, 'Gasoline', [4, 5, 2], [325, 400]),
  car('Ford', 'Fusion', [2014, 2020], SEDAN, 'Hybrid', [4, 5, 2], [300, 375]),
  car('Nissan', 'Altima', [2019, 2024], SEDAN, 'Gasoline', [4, 5, 2], [300, 375]),
  car('Lexus', 'ES', [2019, 2025], SEDAN, 'Hybrid', [4, 5, 2], [500, 625]),

  // Compact and mid-size SUVs
  car('Toyota', 'RAV4', [2019, 2025], SUV, 'Hybrid', [4, 5, 2], [425, 525]),
  car('Honda', 'CR-V', [2020, 2025], SUV, 'Hybrid', [4, 5, 2], [425, 500]),
  car('Nissan', 'Rogue', [2017, 2024], SUV, 'Gasoline', [4, 5, 2], [350, 425]),
  car('Ford', 'Escape', [2020, 2024], SUV, 'Hybrid', [4, 5, 2], [375, 450]),
  car('Hyundai', 'Tucson', [2022, 2025], SUV, 'Hybrid', [4, 5, 2], [400, 475]),
  car('Kia', 'Niro', [2017, 2025], SUV, 'Hybrid', [5, 5, 2], [350, 425]),
  car('Subaru', 'Outback', [2015, 2024], SUV, 'Gasoline', [4, 5, 2], [325, 400]),
  car('Lexus', 'RX', [2016, 2024], SUV, 'Hybrid', [4, 5, 2], [575, 700]),

  // Three-row SUVs and minivans (Uber XL / Lyft XL)
  car('Toyota', 'Highlander', [2020, 2025], SUV, 'Hybrid', [4, 7, 3], [500, 600]),
  car('Toyota', 'Sienna', [2021, 2025], MINIVAN, 'Hybrid', [5, 7, 3], [525, 625]),
  car('Honda', 'Odyssey', [2018, 2025], MINIVAN, 'Gasoline', [5, 8, 3], [475, 575]),
  car('Honda', 'Pilot', [2019, 2025], SUV, 'Gasoline', [4, 8, 3], [475, 575]),
  car('Chrysler', 'Pacifica', [2017, 2025], MINIVAN, 'Hybrid', [5, 7, 3], [475, 575]),
  car('Nissan', 'Pathfinder', [2017, 2024], SUV, 'Gasoline', [4, 7, 3], [425, 525]),
  car('Ford', 'Explorer', [2016, 2024], SUV, 'Gasoline', [4, 7, 3], [450, 550]),
  car('Kia', 'Sorento', [2021, 2025], SUV, 'Hybrid', [4, 6, 3], [450, 550]),
  car('Volkswagen', 'Atlas', [2018, 2024], SUV, 'Gasoline', [4, 7, 3], [450, 550]),

  // Electric
  car('Tesla', 'Model 3', [2018, 2025], SEDAN, 'Electric', [4, 5, 2], [550, 700]),
  car('Tesla', 'Model Y', [2020, 2025], SUV, 'Electric', [4, 5, 2], [600, 750]),
  car('Hyundai', 'Ioniq 5', [2022, 2025], SUV, 'Electric', [4, 5, 2], [500, 650]),
  car('Ford', 'Mustang Mach-E', [2021, 2024], SUV, 'Electric', [4, 5, 2], [525, 675]),

  // Black car (livery) sedans and SUVs
  car('Cadillac', 'XTS', [2013, 2019], SEDAN, 'Gasoline', [4, 5, 2], [500, 650]),
  car('Lincoln', 'Continental', [2017, 2020], SEDAN, 'Gasoline', [4, 5, 2], [550, 700]),
  car('Lincoln', 'MKT', [2013, 2019], SUV, 'Gasoline', [4, 7, 3], [450, 575]),
  car('Mercedes-Benz', 'E-Class', [2017, 2024], SEDAN, 'Gasoline', [4, 5, 2], [750, 950]),
  car('Mercedes-Benz', 'S-Class', [2015, 2024], SEDAN, 'Gasoline', [4, 5, 2], [1100, 1500]),
  car('BMW', '530i', [2017, 2024], SEDAN, 'Gasoline', [4, 5, 2], [700, 900]),
  car('Lincoln', 'Aviator', [2020, 2025], SUV, 'Gasoline', [4, 7, 3], [750, 950]),
  car('Lincoln', 'Navigator', [2018, 2025], SUV, 'Gasoline', [4, 7, 3], [950, 1200]),
  car('Cadillac', 'Escalade', [2015, 2025], SUV, 'Gasoline', [4, 7, 3], [950, 1250]),
  car('Chevrolet', 'Suburban', [2015, 2025], SUV, 'Gasoline', [4, 7, 3], [750, 950]),
  car('Chevrolet', 'Tahoe', [2015, 2025], SUV, 'Gasoline', [4, 7, 3], [700, 900]),
  car('GMC', 'Yukon', [2015, 2025], SUV, 'Gasoline', [4, 7, 3], [750, 950]),

  // Yellow and green cabs, wheelchair-accessible vans
  car('Nissan', 'NV200', [2014, 2021], VAN, 'Gasoline', [4, 5, 2], [400, 550]),
  car('Ford', 'Transit Connect', [2014, 2023], VAN, 'Gasoline', [4, 5, 2], [400, 525]),
];

export interface ResolvedFleetVehicle {
  make_id: number;
  make_name: string;
  model_id: number;
  model_name: string;
}

/** The car-data ids and names of a fleet vehicle; undefined when the data has no such make or model. */
export function resolveFleetVehicle(v: Pick<FleetVehicle, 'make' | 'model'>): ResolvedFleetVehicle | undefined {
  const make = findMake(v.make);
  const model = make && findModel(make.make_id, v.model);
  if (!make || !model) return undefined;
  return { make_id: make.make_id, make_name: make.make_name, model_id: model.model_id, model_name: model.model_name };
}
