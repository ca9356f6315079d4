import { describe, expect, it } from 'vitest';
import { checkVin, decodeModelYear, maskVin } from './vin.ts';

/**
 * The check digit written out from 49 CFR 565.15's tables, apart from the module's compact version, so
 * that the examples below are known to carry a valid (or, for the European ones, an invalid) check digit.
 */
function checkDigit(vin: string): string {
  const letters: Record<string, number> = {
    A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5,
    P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
  };
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = [...vin].reduce((total, c, i) => total + (letters[c] ?? Number(c)) * (weights[i] ?? 0), 0);
  return sum % 11 === 10 ? 'X' : String(sum % 11);
}

const checkDigitMessage = "This VIN's check digit does not match; check for a mistyped character";

describe('checkVin', () => {
  it('decodes real VINs: make, model year and region', () => {
    // One per demo category, and the public examples (NHTSA's Honda, a 1989 motorhome, all ones).
    const examples = [
      ['1HGCM82633A004352', { make: 'Honda', modelYear: 2003, region: 'North America' }],
      ['1FTFW1E52JFA12345', { make: 'Ford', modelYear: 2018, region: 'North America' }],
      ['5YJ3E1EA2KF317000', { make: 'Tesla', modelYear: 2019, region: 'North America' }],
      ['4JGDA5HB5JB123456', { make: 'Mercedes-Benz', modelYear: 2018, region: 'North America' }],
      ['7SAYGDEE8PF123456', { make: 'Tesla', modelYear: 2023, region: 'North America' }],
      ['JTDKN3DU6A0123456', { make: 'Toyota', modelYear: 2010, region: 'Asia' }],
      ['KMHD84LFXJU123456', { make: 'Hyundai', modelYear: 2018, region: 'Asia' }],
      ['WBA8E9G58GNT12345', { make: 'BMW', modelYear: 2016, region: 'Europe' }],
      ['1M8GDM9AXKP042788', { make: undefined, modelYear: 1989, region: 'North America' }],
      ['11111111111111111', { make: undefined, modelYear: 2001, region: 'North America' }],
    ] as const;
    for (const [vin, decoded] of examples) {
      expect(checkDigit(vin), vin).toBe(vin[8]);
      expect(checkVin(vin), vin).toEqual({ ok: true, vin, ...decoded });
    }
  });

  it('accepts European VINs without a check digit, and reads no year from them', () => {
    // A real Golf IV and a Mercedes-Benz C-Class built for Europe: the 9th character is not a check digit,
    // and the Mercedes' 10th is the steering side, not a year.
    for (const vin of ['WVWZZZ1JZ3W386752', 'WDD2040081A123456']) expect(checkDigit(vin), vin).not.toBe(vin[8]);
    expect(checkVin('WVWZZZ1JZ3W386752')).toEqual({
      ok: true,
      vin: 'WVWZZZ1JZ3W386752',
      make: 'Volkswagen',
      modelYear: undefined,
      region: 'Europe',
    });
    expect(checkVin('WDD2040081A123456')).toEqual({
      ok: true,
      vin: 'WDD2040081A123456',
      make: 'Mercedes-Benz',
      modelYear: undefined,
      region: 'Europe',
    });
  });

  it('stores the VIN in upper case without spaces', () => {
    expect(checkVin(' 1hgcm826 33a004352\n')).toEqual({
      ok: true,
      vin: '1HGCM82633A004352',
      make: 'Honda',
      modelYear: 2003,
      region: 'North America',
    });
  });

  it('says how many characters were typed when there are not 17', () => {
    expect(checkVin('1HGCM82633A00435')).toEqual({ ok: false, message: 'VIN must be 17 characters (this one has 16)' });
    expect(checkVin('1HGCM82633A0043521')).toEqual({ ok: false, message: 'VIN must be 17 characters (this one has 18)' });
    expect(checkVin('   ')).toEqual({ ok: false, message: 'VIN must be 17 characters (this one has 0)' });
  });

  it('names a character that is neither a letter nor a digit', () => {
    expect(checkVin('1HGCM826-3A004352')).toEqual({
      ok: false,
      message: 'VIN can only contain the letters A–Z and the digits 0–9 (not "-")',
    });
    expect(checkVin('WVWZZZ1JZ3W38675Ö')).toEqual({
      ok: false,
      message: 'VIN can only contain the letters A–Z and the digits 0–9 (not "Ö")',
    });
  });

  it('refuses the letters I, O and Q, which VINs never use', () => {
    for (const vin of ['1HGCM82633A0O4352', 'WVWZZZ1JZ3W38675I', 'qVWZZZ1JZ3W386752']) {
      expect(checkVin(vin), vin).toEqual({ ok: false, message: 'VIN cannot contain the letters I, O or Q' });
    }
  });

  it('refuses a North American VIN whose check digit does not match', () => {
    expect(checkVin('1HGCM82633A004353')).toEqual({ ok: false, message: checkDigitMessage });
    // Two neighbours swapped.
    expect(checkVin('1HGCM82633A004325')).toEqual({ ok: false, message: checkDigitMessage });
    expect(checkVin('5YJ3E1EA3KF317000')).toEqual({ ok: false, message: checkDigitMessage });
  });

  it('gives no make for a manufacturer code the table does not know', () => {
    const checked = checkVin('SCAZZZZZZZZZZZZZZ');
    expect(checked).toEqual({ ok: true, vin: 'SCAZZZZZZZZZZZZZZ', make: undefined, modelYear: undefined, region: 'Europe' });
  });

  it('names the region of the first character (ISO 3780)', () => {
    const regions = {
      '6T': 'Oceania',
      '7A': 'Oceania',
      '7E': 'Oceania',
      '7F': 'North America',
      '8A': 'South America',
      '9B': 'South America',
      AA: 'Africa',
      HZ: 'Africa',
      JA: 'Asia',
      LR: 'Asia',
      RZ: 'Asia',
      SA: 'Europe',
      ZF: 'Europe',
      '0A': undefined,
    };
    for (const [start, region] of Object.entries(regions)) {
      const checked = checkVin(`${start}ZZZZZZZZZZZZZZZ`);
      expect(checked.ok && checked.region, start).toBe(region);
    }
  });
});

describe('decodeModelYear', () => {
  const june = (year: number) => new Date(year, 5, 1);

  it('reads a North American VIN by its 7th character: a digit before 2010, a letter from 2010', () => {
    expect(decodeModelYear('1HGCM82633A004352', june(2025))).toBe(2003);
    expect(decodeModelYear('5YJ3E1EA2KF317000', june(2025))).toBe(2019);
    // A letter in the 7th place on a car made before the rule: 2035 is not on sale yet, so 2005.
    expect(decodeModelYear('1G1ZT5ST95F123456', june(2025))).toBe(2005);
    expect(decodeModelYear('1G1ZT5ST95F123456', june(2034))).toBe(2035);
  });

  it('reads other VINs as the latest year no more than one year ahead', () => {
    expect(decodeModelYear('JTDKN3DU6A0123456', june(2025))).toBe(2010);
    expect(decodeModelYear('JTDKN3DU6A0123456', june(2038))).toBe(2010);
    expect(decodeModelYear('JTDKN3DU6A0123456', june(2039))).toBe(2040);
    expect(decodeModelYear('WBA8E9G58GNT12345', june(2025))).toBe(2016);
    expect(decodeModelYear('WBA8E9G58GNT12345', june(2044))).toBe(2016);
    expect(decodeModelYear('WBA8E9G58GNT12345', june(2045))).toBe(2046);
  });

  it('reads no year from U, Z or 0, which no year uses', () => {
    for (const vin of ['1HGCM8262ZA004352', '1HGCM82690A004352', '1HGCM8261UA004352']) {
      expect(checkDigit(vin), vin).toBe(vin[8]);
      expect(decodeModelYear(vin, june(2025)), vin).toBeUndefined();
      expect(checkVin(vin), vin).toEqual({ ok: true, vin, make: 'Honda', modelYear: undefined, region: 'North America' });
    }
  });
});

describe('maskVin', () => {
  it('hides the serial number, the last six characters', () => {
    expect(maskVin('1HGCM82633A004352')).toBe('1HGCM82633A******');
  });

  it('never shows the last six characters of a VIN of another length', () => {
    expect(maskVin('1HGCM82633A0043521')).toBe('1HGCM82633A******');
    expect(maskVin('WVWZZZ1JZ3')).toBe('WVWZ******');
    expect(maskVin('ABC')).toBe('******');
    expect(maskVin('')).toBe('******');
  });
});
