/**
 * Content of the demo catalog: car brands (categories) and the used cars listed under them.
 * Pure data — pictures for these are drawn by `pictures.ts`.
 */

export interface DemoCategory {
  name: string;
  details: string;
  /** Two brand colours for the category banner gradient. */
  colors: [string, string];
}

export const demoCategories: DemoCategory[] = [
  {
    name: 'Toyota',
    details:
      'Toyotas hold their value and routinely pass 200,000 miles with basic care. Ask for oil-change records and check hybrids for a recent battery health report.',
    colors: ['#e50914', '#5c0a10'],
  },
  {
    name: 'Honda',
    details:
      'Used Hondas are a safe bet for reliability and low running costs. On CVT models, look for fluid-change records and a smooth, shudder-free test drive.',
    colors: ['#d3122a', '#2b2d33'],
  },
  {
    name: 'BMW',
    details:
      'A used BMW delivers a lot of driving pleasure for the money. Favour cars with full dealer service history and budget for maintenance once the warranty ends.',
    colors: ['#1c69d4', '#0b1f44'],
  },
  {
    name: 'Ford',
    details:
      'From F-Series trucks to the Mustang, Fords are plentiful and cheap to fix. Check open recalls by VIN and inspect trucks for towing wear and rust underneath.',
    colors: ['#1a5fd8', '#00123f'],
  },
  {
    name: 'Tesla',
    details:
      'Buying a used Tesla? Check the battery range against the original rating and confirm which software features (such as Autopilot) transfer with the car.',
    colors: ['#e31937', '#17181c'],
  },
  {
    name: 'Hyundai',
    details:
      'Hyundais offer lots of equipment for the price. The 10-year powertrain warranty covers the first owner only, so check what coverage is left for you.',
    colors: ['#00aad2', '#002c5f'],
  },
  {
    name: 'Mercedes-Benz',
    details:
      'A pre-owned Mercedes-Benz brings refinement at a fraction of the new price. Certified pre-owned cars add an extended warranty worth having on luxury electronics.',
    colors: ['#8a929c', '#1d2026'],
  },
];

export interface DemoCar {
  /** A `demoCategories` name. */
  category: string;
  productName: string;
  condition: 'Excellent' | 'Good' | 'Fair';
  description: string;
  /** Integer USD, what the seller paid. */
  originalPrice: number;
  /** Integer USD, less than `originalPrice`. */
  resalePrice: number;
  /** e.g. '2019' */
  yearOfPurchase: string;
  mobile: string;
  location: string;
  seller: 'seller@demo.test' | 'seller2@demo.test';
  advertised: boolean;
  body: 'sedan' | 'suv' | 'hatchback' | 'pickup' | 'coupe';
  /** Paint colour as a hex string. */
  color: string;
  /** Posted this many days ago. */
  daysAgo: number;
}

const S1 = 'seller@demo.test';
const S2 = 'seller2@demo.test';

export const demoCars: DemoCar[] = [
  // Toyota
  {
    category: 'Toyota',
    productName: '2019 Toyota Camry SE',
    condition: 'Excellent',
    description:
      'One owner, 41,000 miles, always garaged. Toyota Safety Sense, Apple CarPlay, new tires last spring. Clean title and full dealer service history.',
    originalPrice: 27500,
    resalePrice: 19900,
    yearOfPurchase: '2019',
    mobile: '(512) 555-0134',
    location: 'Austin, TX',
    seller: S1,
    advertised: true,
    body: 'sedan',
    color: '#b8bec6',
    daysAgo: 2,
  },
  {
    category: 'Toyota',
    productName: '2020 Toyota RAV4 XLE AWD',
    condition: 'Excellent',
    description:
      'All-wheel drive, 33,500 miles, sunroof, heated seats and blind-spot monitoring. Non-smoker, no accidents, second key included.',
    originalPrice: 31800,
    resalePrice: 25400,
    yearOfPurchase: '2020',
    mobile: '(303) 555-0177',
    location: 'Denver, CO',
    seller: S2,
    advertised: true,
    body: 'suv',
    color: '#2f5d8a',
    daysAgo: 5,
  },
  {
    category: 'Toyota',
    productName: '2017 Toyota Corolla LE',
    condition: 'Good',
    description:
      'Reliable commuter with 78,000 miles. Backup camera, cruise control, 35 mpg highway. Small scuff on the rear bumper, otherwise tidy.',
    originalPrice: 19400,
    resalePrice: 11800,
    yearOfPurchase: '2017',
    mobile: '(614) 555-0121',
    location: 'Columbus, OH',
    seller: S1,
    advertised: false,
    body: 'sedan',
    color: '#f2f2ef',
    daysAgo: 11,
  },
  {
    category: 'Toyota',
    productName: '2018 Toyota Tacoma TRD Off-Road',
    condition: 'Good',
    description:
      'Double cab, 4x4, 62,000 miles. Locking rear differential, bed liner and tow package. Some trail pinstriping on the sides, mechanically perfect.',
    originalPrice: 37200,
    resalePrice: 29500,
    yearOfPurchase: '2018',
    mobile: '(208) 555-0158',
    location: 'Boise, ID',
    seller: S2,
    advertised: false,
    body: 'pickup',
    color: '#8a3b2a',
    daysAgo: 17,
  },
  {
    category: 'Toyota',
    productName: '2016 Toyota Prius Two',
    condition: 'Fair',
    description:
      'High-mileage hybrid (128,000 miles) that still returns 50 mpg. Hybrid battery replaced at 110k with receipt. Dent in the passenger door, faded paint on the roof.',
    originalPrice: 25100,
    resalePrice: 9400,
    yearOfPurchase: '2016',
    mobile: '(916) 555-0102',
    location: 'Sacramento, CA',
    seller: S1,
    advertised: false,
    body: 'hatchback',
    color: '#6f8f5a',
    daysAgo: 26,
  },

  // Honda
  {
    category: 'Honda',
    productName: '2019 Honda Civic EX',
    condition: 'Excellent',
    description:
      'Turbocharged 1.5L, 36,000 miles, sunroof, Honda Sensing and LaneWatch camera. Regular oil changes at the dealer, like-new interior.',
    originalPrice: 24300,
    resalePrice: 18700,
    yearOfPurchase: '2019',
    mobile: '(206) 555-0145',
    location: 'Seattle, WA',
    seller: S2,
    advertised: true,
    body: 'sedan',
    color: '#1d2a44',
    daysAgo: 1,
  },
  {
    category: 'Honda',
    productName: '2018 Honda CR-V EX-L',
    condition: 'Good',
    description:
      'Leather seats, power liftgate, AWD, 58,000 miles. Family car with a few interior marks; timing and fluids serviced on schedule.',
    originalPrice: 31500,
    resalePrice: 21900,
    yearOfPurchase: '2018',
    mobile: '(919) 555-0163',
    location: 'Raleigh, NC',
    seller: S1,
    advertised: false,
    body: 'suv',
    color: '#7a1f2b',
    daysAgo: 8,
  },
  {
    category: 'Honda',
    productName: '2020 Honda Accord Sport 2.0T',
    condition: 'Excellent',
    description:
      '252 hp turbo with the 10-speed automatic, 24,000 miles. 19-inch wheels, heated seats, adaptive cruise. Still under factory powertrain warranty.',
    originalPrice: 33000,
    resalePrice: 26800,
    yearOfPurchase: '2020',
    mobile: '(404) 555-0119',
    location: 'Atlanta, GA',
    seller: S2,
    advertised: false,
    body: 'sedan',
    color: '#3b3f46',
    daysAgo: 4,
  },
  {
    category: 'Honda',
    productName: '2017 Honda Fit EX',
    condition: 'Good',
    description:
      'Small outside, huge inside thanks to the Magic Seat. 69,000 miles, manual transmission, sunroof. Great first car, very cheap to insure.',
    originalPrice: 19200,
    resalePrice: 11900,
    yearOfPurchase: '2017',
    mobile: '(971) 555-0187',
    location: 'Portland, OR',
    seller: S1,
    advertised: false,
    body: 'hatchback',
    color: '#e8a317',
    daysAgo: 14,
  },
  {
    category: 'Honda',
    productName: '2019 Honda Civic Si Coupe',
    condition: 'Good',
    description:
      'Six-speed manual, limited-slip differential, 45,000 miles. Stock apart from window tint. Clutch feels strong, summer tires at 60%.',
    originalPrice: 25500,
    resalePrice: 19800,
    yearOfPurchase: '2019',
    mobile: '(602) 555-0148',
    location: 'Phoenix, AZ',
    seller: S2,
    advertised: true,
    body: 'coupe',
    color: '#c1121f',
    daysAgo: 6,
  },

  // BMW
  {
    category: 'BMW',
    productName: '2019 BMW 330i xDrive',
    condition: 'Excellent',
    description:
      'Mineral grey with cognac leather, Premium and Convenience packages, 30,000 miles. Serviced at BMW with free maintenance records.',
    originalPrice: 48600,
    resalePrice: 31500,
    yearOfPurchase: '2019',
    mobile: '(312) 555-0166',
    location: 'Chicago, IL',
    seller: S1,
    advertised: true,
    body: 'sedan',
    color: '#5d636b',
    daysAgo: 3,
  },
  {
    category: 'BMW',
    productName: '2018 BMW X3 xDrive30i',
    condition: 'Good',
    description:
      'Panoramic roof, heated steering wheel, navigation, 54,000 miles. Brakes done at 50k. Curb rash on one wheel.',
    originalPrice: 49900,
    resalePrice: 26700,
    yearOfPurchase: '2018',
    mobile: '(617) 555-0109',
    location: 'Boston, MA',
    seller: S2,
    advertised: false,
    body: 'suv',
    color: '#f3f4f1',
    daysAgo: 12,
  },
  {
    category: 'BMW',
    productName: '2018 BMW M240i Coupe',
    condition: 'Excellent',
    description:
      'Inline-six turbo with 335 hp, 8-speed automatic, 28,000 miles. Harman Kardon audio, adaptive M suspension. Never tracked.',
    originalPrice: 50200,
    resalePrice: 33900,
    yearOfPurchase: '2018',
    mobile: '(858) 555-0191',
    location: 'San Diego, CA',
    seller: S1,
    advertised: false,
    body: 'coupe',
    color: '#1f56a8',
    daysAgo: 9,
  },
  {
    category: 'BMW',
    productName: '2016 BMW X5 xDrive35i',
    condition: 'Fair',
    description:
      '96,000 miles, third-row seats, tow hitch. Runs well but has an oil-filter-housing seep and worn rear tires — priced accordingly.',
    originalPrice: 61400,
    resalePrice: 17500,
    yearOfPurchase: '2016',
    mobile: '(615) 555-0138',
    location: 'Nashville, TN',
    seller: S2,
    advertised: false,
    body: 'suv',
    color: '#15171b',
    daysAgo: 33,
  },

  // Ford
  {
    category: 'Ford',
    productName: '2018 Ford F-150 XLT SuperCrew',
    condition: 'Good',
    description:
      '2.7L EcoBoost, 4x4, 71,000 miles. Spray-in bed liner, trailer brake controller, running boards. Used for light hauling only.',
    originalPrice: 44300,
    resalePrice: 28900,
    yearOfPurchase: '2018',
    mobile: '(405) 555-0152',
    location: 'Oklahoma City, OK',
    seller: S1,
    advertised: true,
    body: 'pickup',
    color: '#b0b6bd',
    daysAgo: 7,
  },
  {
    category: 'Ford',
    productName: '2019 Ford Mustang GT',
    condition: 'Excellent',
    description:
      '5.0L V8 with the six-speed manual, 19,000 miles, Performance Pack. Garage kept, winter stored, no modifications.',
    originalPrice: 39800,
    resalePrice: 31200,
    yearOfPurchase: '2019',
    mobile: '(313) 555-0127',
    location: 'Detroit, MI',
    seller: S2,
    advertised: false,
    body: 'coupe',
    color: '#f4c20d',
    daysAgo: 10,
  },
  {
    category: 'Ford',
    productName: '2020 Ford Escape SE Hybrid',
    condition: 'Good',
    description:
      'Hybrid with 40 mpg around town, 39,000 miles. Co-Pilot360, wireless charging, hands-free liftgate. Minor door dings.',
    originalPrice: 30900,
    resalePrice: 21300,
    yearOfPurchase: '2020',
    mobile: '(651) 555-0185',
    location: 'Saint Paul, MN',
    seller: S1,
    advertised: false,
    body: 'suv',
    color: '#4a6b7c',
    daysAgo: 19,
  },
  {
    category: 'Ford',
    productName: '2016 Ford Focus SE Hatchback',
    condition: 'Fair',
    description:
      '104,000 miles, manual transmission, new clutch at 90k. Cosmetic wear on the bumpers and seats; AC blows cold.',
    originalPrice: 19700,
    resalePrice: 6200,
    yearOfPurchase: '2016',
    mobile: '(414) 555-0113',
    location: 'Milwaukee, WI',
    seller: S2,
    advertised: false,
    body: 'hatchback',
    color: '#2b6cb0',
    daysAgo: 41,
  },
  {
    category: 'Ford',
    productName: '2019 Ford Ranger Lariat',
    condition: 'Excellent',
    description:
      'SuperCrew 4x4, 27,000 miles, leather, B&O audio, tow package. One owner, no off-road use.',
    originalPrice: 41600,
    resalePrice: 32400,
    yearOfPurchase: '2019',
    mobile: '(801) 555-0140',
    location: 'Salt Lake City, UT',
    seller: S1,
    advertised: false,
    body: 'pickup',
    color: '#22262b',
    daysAgo: 15,
  },

  // Tesla
  {
    category: 'Tesla',
    productName: '2019 Tesla Model 3 Long Range',
    condition: 'Excellent',
    description:
      'Dual motor AWD, 310 miles of rated range (battery at 94%). 38,000 miles, premium interior, Autopilot. Mobile connector included.',
    originalPrice: 49000,
    resalePrice: 27900,
    yearOfPurchase: '2019',
    mobile: '(408) 555-0174',
    location: 'San Jose, CA',
    seller: S2,
    advertised: true,
    body: 'sedan',
    color: '#f5f5f3',
    daysAgo: 2,
  },
  {
    category: 'Tesla',
    productName: '2021 Tesla Model Y Long Range',
    condition: 'Excellent',
    description:
      'Seven-seat option, 22,000 miles, 19-inch Gemini wheels. Always charged to 80%, no supercharging abuse. Remaining battery warranty to 2029.',
    originalPrice: 53000,
    resalePrice: 36500,
    yearOfPurchase: '2021',
    mobile: '(512) 555-0199',
    location: 'Austin, TX',
    seller: S1,
    advertised: false,
    body: 'suv',
    color: '#1a1c20',
    daysAgo: 6,
  },
  {
    category: 'Tesla',
    productName: '2017 Tesla Model S 75D',
    condition: 'Good',
    description:
      'AWD, 67,000 miles, air suspension and glass roof. Free lifetime supercharging transfers. Door handle on driver side replaced under warranty.',
    originalPrice: 78000,
    resalePrice: 29500,
    yearOfPurchase: '2017',
    mobile: '(305) 555-0132',
    location: 'Miami, FL',
    seller: S2,
    advertised: false,
    body: 'sedan',
    color: '#9e1b24',
    daysAgo: 21,
  },
  {
    category: 'Tesla',
    productName: '2020 Tesla Model 3 Standard Range Plus',
    condition: 'Good',
    description:
      'Rear-wheel drive, 45,000 miles, 230 miles of range on a full charge. A couple of rock chips on the hood, tinted windows.',
    originalPrice: 39900,
    resalePrice: 22800,
    yearOfPurchase: '2020',
    mobile: '(702) 555-0116',
    location: 'Las Vegas, NV',
    seller: S1,
    advertised: false,
    body: 'sedan',
    color: '#2d4f8c',
    daysAgo: 13,
  },

  // Hyundai
  {
    category: 'Hyundai',
    productName: '2021 Hyundai Elantra SEL',
    condition: 'Excellent',
    description:
      'Redesigned generation, 18,000 miles, wireless CarPlay, digital key. Remaining bumper-to-bumper warranty until 2026.',
    originalPrice: 22400,
    resalePrice: 18300,
    yearOfPurchase: '2021',
    mobile: '(210) 555-0124',
    location: 'San Antonio, TX',
    seller: S2,
    advertised: false,
    body: 'sedan',
    color: '#8b9099',
    daysAgo: 4,
  },
  {
    category: 'Hyundai',
    productName: '2019 Hyundai Tucson SEL',
    condition: 'Good',
    description:
      '52,000 miles, heated seats, blind-spot detection, roof rails. Engine recall work completed at the dealer, paperwork included.',
    originalPrice: 26900,
    resalePrice: 16900,
    yearOfPurchase: '2019',
    mobile: '(813) 555-0170',
    location: 'Tampa, FL',
    seller: S1,
    advertised: false,
    body: 'suv',
    color: '#6d7f5c',
    daysAgo: 16,
  },
  {
    category: 'Hyundai',
    productName: '2018 Hyundai Sonata Sport',
    condition: 'Fair',
    description:
      '88,000 miles, sunroof, Infinity audio. Clear coat peeling on the trunk lid and a cracked fog-light cover; drives smoothly.',
    originalPrice: 24600,
    resalePrice: 9900,
    yearOfPurchase: '2018',
    mobile: '(216) 555-0105',
    location: 'Cleveland, OH',
    seller: S2,
    advertised: false,
    body: 'sedan',
    color: '#3a4a63',
    daysAgo: 29,
  },
  {
    category: 'Hyundai',
    productName: '2019 Hyundai Veloster Turbo',
    condition: 'Good',
    description:
      'Quirky three-door hatch with a 201 hp turbo and 7-speed DCT, 40,000 miles. Infinity audio, head-up display, two-tone roof.',
    originalPrice: 25200,
    resalePrice: 17400,
    yearOfPurchase: '2019',
    mobile: '(407) 555-0183',
    location: 'Orlando, FL',
    seller: S1,
    advertised: false,
    body: 'hatchback',
    color: '#d9480f',
    daysAgo: 9,
  },
  {
    category: 'Hyundai',
    productName: '2022 Hyundai Santa Cruz SEL AWD',
    condition: 'Excellent',
    description:
      'Compact pickup with a lockable in-bed trunk, 15,000 miles, tonneau cover. Drives like an SUV, hauls like a truck.',
    originalPrice: 34800,
    resalePrice: 28900,
    yearOfPurchase: '2022',
    mobile: '(480) 555-0161',
    location: 'Scottsdale, AZ',
    seller: S2,
    advertised: true,
    body: 'pickup',
    color: '#5c7d8a',
    daysAgo: 3,
  },

  // Mercedes-Benz
  {
    category: 'Mercedes-Benz',
    productName: '2018 Mercedes-Benz C 300',
    condition: 'Good',
    description:
      'Premium package, Burmester audio, 49,000 miles. Service B completed last month. Light wear on the driver seat bolster.',
    originalPrice: 46200,
    resalePrice: 24500,
    yearOfPurchase: '2018',
    mobile: '(201) 555-0147',
    location: 'Jersey City, NJ',
    seller: S1,
    advertised: false,
    body: 'sedan',
    color: '#c7ccd2',
    daysAgo: 18,
  },
  {
    category: 'Mercedes-Benz',
    productName: '2019 Mercedes-Benz GLC 300 4MATIC',
    condition: 'Excellent',
    description:
      'Certified pre-owned with warranty to 2026, 31,000 miles. Panoramic roof, AMG Line styling, 360° camera.',
    originalPrice: 52800,
    resalePrice: 34900,
    yearOfPurchase: '2019',
    mobile: '(571) 555-0128',
    location: 'Arlington, VA',
    seller: S2,
    advertised: false,
    body: 'suv',
    color: '#1b2a3d',
    daysAgo: 5,
  },
  {
    category: 'Mercedes-Benz',
    productName: '2017 Mercedes-Benz E 300',
    condition: 'Fair',
    description:
      '91,000 miles of mostly highway driving. Widescreen cockpit, heated seats. Needs front brake pads soon and has a windshield chip.',
    originalPrice: 54600,
    resalePrice: 19900,
    yearOfPurchase: '2017',
    mobile: '(215) 555-0193',
    location: 'Philadelphia, PA',
    seller: S1,
    advertised: false,
    body: 'sedan',
    color: '#3e3a36',
    daysAgo: 37,
  },
  {
    category: 'Mercedes-Benz',
    productName: '2018 Mercedes-Benz C 300 Coupe',
    condition: 'Good',
    description:
      'Two-door with frameless windows, 44,000 miles, AMG wheels and sport exhaust. Minor stone chips on the front bumper.',
    originalPrice: 51900,
    resalePrice: 27600,
    yearOfPurchase: '2018',
    mobile: '(310) 555-0156',
    location: 'Los Angeles, CA',
    seller: S2,
    advertised: false,
    body: 'coupe',
    color: '#e9ecef',
    daysAgo: 23,
  },
];
