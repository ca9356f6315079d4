/**
 * The US cities the demo's cars are listed in: each a real city with a real ZIP code of it and an
 * area code of its phones. A car's `Location` is "City, ST" (the specification's field) and its
 * `ZIP code` the city's here. Austin, TX has towns around it at 10 to 50 miles, so that a buyer
 * near 78701 finds cars at several distances within 50 miles, and more beyond.
 */
export interface DemoCity {
  city: string;
  /** The state's two-letter postal code. */
  state: string;
  /** A ZIP code inside the city. */
  zip: string;
  /** One of the city's telephone area codes, for the sellers' made-up 555-01xx numbers. */
  areaCode: string;
}

export const demoCities: readonly DemoCity[] = [
  { city: 'Arlington', state: 'VA', zip: '22201', areaCode: '571' },
  { city: 'Atlanta', state: 'GA', zip: '30303', areaCode: '404' },
  { city: 'Austin', state: 'TX', zip: '78701', areaCode: '512' },
  { city: 'Bastrop', state: 'TX', zip: '78602', areaCode: '512' },
  { city: 'Boise', state: 'ID', zip: '83702', areaCode: '208' },
  { city: 'Boston', state: 'MA', zip: '02108', areaCode: '617' },
  { city: 'Charlotte', state: 'NC', zip: '28202', areaCode: '704' },
  { city: 'Chicago', state: 'IL', zip: '60601', areaCode: '312' },
  { city: 'Cincinnati', state: 'OH', zip: '45202', areaCode: '513' },
  { city: 'Cleveland', state: 'OH', zip: '44113', areaCode: '216' },
  { city: 'Columbus', state: 'OH', zip: '43215', areaCode: '614' },
  { city: 'Dallas', state: 'TX', zip: '75201', areaCode: '214' },
  { city: 'Denver', state: 'CO', zip: '80202', areaCode: '303' },
  { city: 'Detroit', state: 'MI', zip: '48226', areaCode: '313' },
  { city: 'Georgetown', state: 'TX', zip: '78626', areaCode: '512' },
  { city: 'Houston', state: 'TX', zip: '77002', areaCode: '713' },
  { city: 'Indianapolis', state: 'IN', zip: '46204', areaCode: '317' },
  { city: 'Jacksonville', state: 'FL', zip: '32202', areaCode: '904' },
  { city: 'Jersey City', state: 'NJ', zip: '07302', areaCode: '201' },
  { city: 'Kansas City', state: 'MO', zip: '64105', areaCode: '816' },
  { city: 'Kyle', state: 'TX', zip: '78640', areaCode: '512' },
  { city: 'Las Vegas', state: 'NV', zip: '89101', areaCode: '702' },
  { city: 'Los Angeles', state: 'CA', zip: '90012', areaCode: '310' },
  { city: 'Louisville', state: 'KY', zip: '40202', areaCode: '502' },
  { city: 'Memphis', state: 'TN', zip: '38103', areaCode: '901' },
  { city: 'Miami', state: 'FL', zip: '33130', areaCode: '305' },
  { city: 'Milwaukee', state: 'WI', zip: '53202', areaCode: '414' },
  { city: 'Minneapolis', state: 'MN', zip: '55401', areaCode: '612' },
  { city: 'Nashville', state: 'TN', zip: '37203', areaCode: '615' },
  { city: 'New Braunfels', state: 'TX', zip: '78130', areaCode: '830' },
  { city: 'New Orleans', state: 'LA', zip: '70112', areaCode: '504' },
  { city: 'Oklahoma City', state: 'OK', zip: '73102', areaCode: '405' },
  { city: 'Omaha', state: 'NE', zip: '68102', areaCode: '402' },
  { city: 'Orlando', state: 'FL', zip: '32801', areaCode: '407' },
  { city: 'Pflugerville', state: 'TX', zip: '78660', areaCode: '512' },
  { city: 'Philadelphia', state: 'PA', zip: '19107', areaCode: '215' },
  { city: 'Phoenix', state: 'AZ', zip: '85004', areaCode: '602' },
  { city: 'Pittsburgh', state: 'PA', zip: '15222', areaCode: '412' },
  { city: 'Portland', state: 'OR', zip: '97204', areaCode: '971' },
  { city: 'Raleigh', state: 'NC', zip: '27601', areaCode: '919' },
  { city: 'Richmond', state: 'VA', zip: '23219', areaCode: '804' },
  { city: 'Round Rock', state: 'TX', zip: '78664', areaCode: '512' },
  { city: 'Sacramento', state: 'CA', zip: '95814', areaCode: '916' },
  { city: 'Saint Paul', state: 'MN', zip: '55102', areaCode: '651' },
  { city: 'Salt Lake City', state: 'UT', zip: '84111', areaCode: '801' },
  { city: 'San Antonio', state: 'TX', zip: '78205', areaCode: '210' },
  { city: 'San Diego', state: 'CA', zip: '92101', areaCode: '858' },
  { city: 'San Jose', state: 'CA', zip: '95113', areaCode: '408' },
  { city: 'San Marcos', state: 'TX', zip: '78666', areaCode: '512' },
  { city: 'Scottsdale', state: 'AZ', zip: '85251', areaCode: '480' },
  { city: 'Seattle', state: 'WA', zip: '98101', areaCode: '206' },
  { city: 'St. Louis', state: 'MO', zip: '63101', areaCode: '314' },
  { city: 'Tampa', state: 'FL', zip: '33602', areaCode: '813' },
  { city: 'Tucson', state: 'AZ', zip: '85701', areaCode: '520' },
  { city: 'Tulsa', state: 'OK', zip: '74103', areaCode: '918' },
];

/** A city's `Location` as a listing shows it: "City, ST". */
export const locationOf = (c: DemoCity) => `${c.city}, ${c.state}`;

/** The city of a `Location`, undefined for one outside the table. */
export function cityOf(location: string): DemoCity | undefined {
  return demoCities.find((c) => locationOf(c) === location);
}
