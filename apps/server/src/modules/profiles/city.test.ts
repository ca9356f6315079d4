import { describe, expect, it } from 'vitest';
import { cityOf } from './city.ts';

describe('the city a profile shows from a Location', () => {
  it('keeps "City, ST", tidied', () => {
    expect(cityOf('Austin, TX')).toBe('Austin, TX');
    expect(cityOf('  San   Antonio ,tx ')).toBe('San Antonio, TX');
  });

  it('drops the street and house number of a longer address', () => {
    expect(cityOf('1200 Congress Ave, Austin, TX')).toBe('Austin, TX');
    expect(cityOf('Apt 4, 12 Oak St, Round Rock, TX')).toBe('Round Rock, TX');
  });

  it('shows nothing rather than anything that could be an address or is not a city and state', () => {
    expect(cityOf('Austin')).toBeNull();
    expect(cityOf('12 Oak St, TX')).toBeNull();
    expect(cityOf('Austin, TX 78701')).toBeNull();
    expect(cityOf('Austin, Texas')).toBeNull();
    expect(cityOf(', TX')).toBeNull();
  });
});
