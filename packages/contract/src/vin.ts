/**
 * VIN checks and offline decoding (ISO 3779/3780, 49 CFR 565), with no dependencies: the browser's
 * Add A Product form runs them as the seller types, and the server runs the same code to validate.
 */

/** What a typed VIN says: a readable problem, or what it decodes to offline. */
export type VinCheck =
  | { ok: false; message: string }
  | {
      ok: true;
      /** The VIN as stored: upper case, without spaces. */
      vin: string;
      /** The make the manufacturer code names, as the product's categories spell it (`Toyota`), when the table knows it. */
      make?: string;
      /** The model year the 10th character names, when it can be told. */
      modelYear?: number;
      /** Where the VIN was issued ('North America', 'Europe', 'Asia', …). */
      region?: string;
    };

/*
 * World manufacturer identifiers (WMIs) as the manufacturers registered them with SAE for NHTSA
 * (first three characters of the VIN). Maintained by hand in this file: only codes known to name
 * one make, spelled as the product's categories are. An unknown WMI gives no make.
 * 1C4 (Chrysler's MPV code) is left out on purpose: it names Jeep, Dodge and Chrysler alike.
 */
const makeCodes: [make: string, wmis: string][] = [
  ['Toyota', 'JTD JTE JTM JTN JT2 JT3 JT4 1NX 2T1 2T3 4T1 3TM 4T3 4T4 4TA 5TB 5TD 5TE 5TF 5YF SB1 NMT VNK'],
  ['Lexus', 'JTH JTJ JT6 JT8 2T2 58A'],
  ['Honda', 'JHM JHL 1HG 2HG 2HJ 2HK 3HG 5FN 5FP 5J6 19X 7FA SHH SHS'],
  ['Acura', 'JH4 19U'],
  ['BMW', 'WBA WBS WBX WBY 5UX 5YM 4US 3MW'],
  ['Mini', 'WMW'],
  ['Ford', '1FA 1FB 1FC 1FD 1FM 1FT 1ZV 2FA 2FM 2FT 3FA 3FM 3FT WF0 NM0 MAJ'],
  ['Lincoln', '1LN 2LM 5LM'],
  ['Tesla', '5YJ 7SA LRW XP7'],
  ['Hyundai', 'KMH KM8 5NP 5NM TMA'],
  ['Kia', 'KNA KND 5XX 5XY 3KP U5Y'],
  ['Mercedes-Benz', 'WDB WDC WDD WDF W1K W1N 4JG 55S'],
  ['Volkswagen', 'WVW WVG WV1 WV2 1VW 1V2 3VW 3VV 9BW'],
  ['Audi', 'WAU WA1 WUA TRU'],
  ['Porsche', 'WP0 WP1'],
  ['Nissan', 'JN1 JN8 1N4 1N6 3N1 5N1 SJN'],
  ['Infiniti', 'JNK'],
  ['Chevrolet', '1G1 1GB 1GC 1GN 2G1 2GC 2GN 3G1 3GC 3GN'],
  ['GMC', '1GT'],
  ['Cadillac', '1G6'],
  ['Jeep', '1J4 1J8'],
  ['Subaru', 'JF1 JF2 4S3 4S4'],
  ['Mazda', 'JM1 JM3 1YV 3MZ'],
  ['Volvo', 'YV1 YV4'],
  ['Land Rover', 'SAL'],
  ['Jaguar', 'SAJ'],
  ['Renault', 'VF1'],
  ['Peugeot', 'VF3'],
  ['Fiat', 'ZFA'],
  ['Skoda', 'TMB'],
];

const makeByWmi = new Map(makeCodes.flatMap(([make, wmis]) => wmis.split(' ').map((wmi) => [wmi, make] as const)));

// Position weights and letter values of the check digit (49 CFR 565.15, ISO 3779 annex).
const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
// Values of A to Z; I, O and Q (`_`) never reach the sum.
const letterValues = '12345678_12345_7_923456789';

/** The check digit the other 16 characters call for: '0'–'9', or 'X' for a remainder of 10. */
function expectedCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin.charCodeAt(i);
    const value = c <= 57 ? c - 48 : Number(letterValues[c - 65]);
    sum += value * (weights[i] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** `vin` (17 characters) with its 9th character set to the check digit the other 16 call for: for made-up VINs of demo and test data. */
export function withCheckDigit(vin: string): string {
  return `${vin.slice(0, 8)}${expectedCheckDigit(vin)}${vin.slice(9)}`;
}

/**
 * Only VINs issued in the USA, Canada and Mexico must carry a check digit; European, Japanese and
 * Korean VINs often have any character in the 9th place, so enforcing it elsewhere would refuse real cars.
 */
function checkDigitRequired(vin: string): boolean {
  return vin[0] !== undefined && '12345'.includes(vin[0]);
}

/** The region of the first character (ISO 3780); '7' is New Zealand up to 7E and the USA from 7F (Tesla 7SA). */
function regionOf(vin: string): string | undefined {
  const [first = '', second = ''] = vin;
  if ('12345'.includes(first)) return 'North America';
  if (first === '7') return 'ABCDE'.includes(second) ? 'Oceania' : 'North America';
  if (first === '6') return 'Oceania';
  if ('89'.includes(first)) return 'South America';
  if (first >= 'A' && first <= 'H') return 'Africa';
  if (first >= 'J' && first <= 'R') return 'Asia';
  if (first >= 'S' && first <= 'Z') return 'Europe';
  return undefined;
}

// The 10th character's 30-year cycle: A = 1980 (and 2010), …, Y = 2000, 1 = 2001, …, 9 = 2009.
const yearCodes = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * The model year of a VIN that passed `checkVin`'s checks. Only the North American format (49 CFR 565)
 * puts the year in the 10th place; elsewhere it is optional (Mercedes-Benz and Ford of Europe use it for
 * other things), so a VIN from outside North America is read only when its check digit matches, the sign
 * of a VIN written to that format (cars exported to the USA, China's GB 16735). Otherwise no year, never a guess.
 * `now` is a parameter so that tests can fix the date.
 */
/** The 10th character that names a model year (its 30-year cycle): for made-up VINs of demo and test data. */
export function vinYearCode(modelYear: number): string {
  return yearCodes[(((modelYear - 1980) % 30) + 30) % 30]!;
}

export function decodeModelYear(vin: string, now = new Date()): number | undefined {
  const code = yearCodes.indexOf(vin[9] ?? '');
  if (code < 0) return undefined;
  if (!checkDigitRequired(vin) && expectedCheckDigit(vin) !== vin[8]) return undefined;
  const latest = now.getFullYear() + 1;
  if (regionOf(vin) === 'North America') {
    // NHTSA's rule for cars and light trucks: a digit in the 7th place means 1980–2009, a letter 2010–2039.
    // Cars made before the rule (2010) may have a letter there; a year not yet on sale is read a cycle earlier.
    const year = (/\d/.test(vin[6] ?? '') ? 1980 : 2010) + code;
    return year > latest ? year - 30 : year;
  }
  // No such rule elsewhere: the latest year the code can name that is no more than a year ahead.
  return 1980 + code + 30 * Math.floor((latest - 1980 - code) / 30);
}

export function checkVin(raw: string): VinCheck {
  const vin = raw.replace(/\s+/g, '').toUpperCase();
  const length = [...vin].length;
  if (length !== 17) return { ok: false, message: `VIN must be 17 characters (this one has ${length})` };
  const other = [...vin].find((c) => !/[A-Z0-9]/.test(c));
  if (other !== undefined) {
    return { ok: false, message: `VIN can only contain the letters A–Z and the digits 0–9 (not "${other}")` };
  }
  if (/[IOQ]/.test(vin)) return { ok: false, message: 'VIN cannot contain the letters I, O or Q' };
  if (checkDigitRequired(vin) && expectedCheckDigit(vin) !== vin[8]) {
    return { ok: false, message: "This VIN's check digit does not match; check for a mistyped character" };
  }
  return {
    ok: true,
    vin,
    make: makeByWmi.get(vin.slice(0, 3)),
    modelYear: decodeModelYear(vin),
    region: regionOf(vin),
  };
}

/** The VIN as shown to visitors who are not signed in: its serial number (last six characters) hidden. */
export function maskVin(vin: string): string {
  // Whatever its length (a VIN stored before these checks), its last six characters are never shown.
  return `${vin.slice(0, Math.max(0, Math.min(11, vin.length - 6)))}******`;
}
