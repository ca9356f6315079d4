// PLACEHOLDER: replaced by the VIN module (issue 16). Signatures are final.

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

export function checkVin(raw: string): VinCheck {
  const vin = raw.replace(/\s+/g, '').toUpperCase();
  if (vin.length !== 17) return { ok: false, message: 'VIN must be 17 characters' };
  return { ok: true, vin };
}

/** The VIN as shown to visitors who are not signed in: its serial number (last six characters) hidden. */
export function maskVin(vin: string): string {
  return `${vin.slice(0, 11)}******`;
}
