import { describe, expect, it } from 'vitest';
import { searchQuery } from '@second-gear/contract';
import { boundsOf, boundsParam, viewOf, withBounds, withView } from './map-params.ts';
import { apiQueryString, withoutFilters, withParam } from './search-params.ts';

const p = (s: string) => new URLSearchParams(s);
const austin = { south: 30.1, west: -97.95, north: 30.5, east: -97.5 };

describe('the Map view in the address', () => {
  it('is the map for view=map and the list for anything else; the list leaves the parameter out', () => {
    expect(viewOf(p('view=map&make=abc'))).toBe('map');
    expect(viewOf(p('make=abc'))).toBe('list');
    expect(viewOf(p('view=globe'))).toBe('list');
    expect(withView(p('make=abc'), 'map').toString()).toBe('make=abc&view=map');
    expect(withView(p('view=map&make=abc'), 'list').toString()).toBe('make=abc');
  });

  it('stays in its view when the filters change or are all cleared', () => {
    expect(withParam(p('view=map'), 'fuel', 'Diesel').toString()).toBe('view=map&fuel=Diesel');
    expect(withoutFilters(p('view=map&fuel=Diesel&bounds=30.1,-97.95,30.5,-97.5&sort=price-asc')).toString()).toBe('sort=price-asc&view=map');
  });
});

describe('the searched area (bounds)', () => {
  it('writes the map’s area as south,west,north,east, rounded outwards to five decimals', () => {
    expect(boundsParam({ south: 30.123456789, west: -97.987654321, north: 30.5, east: -97.5 })).toBe('30.12345,-97.98766,30.5,-97.5');
    expect(withBounds(p('view=map&make=abc'), austin).toString()).toBe('view=map&make=abc&bounds=30.1%2C-97.95%2C30.5%2C-97.5');
  });

  it('clamps a map zoomed out past the world or panned past the date line to the one world', () => {
    expect(boundsParam({ south: -95, west: -250.5, north: 95, east: 190 })).toBe('-90,-180,90,180');
  });

  it('reads back what it wrote, and nothing the API would refuse', () => {
    expect(boundsOf(withBounds(p(''), austin))).toEqual(austin);
    for (const bad of ['30,-97,29,-96', '1,2,3', 'a,b,c,d', '30,-181,31,-96', '30,-97,31,-98', '30.12345678,-97,31,-96']) {
      expect(boundsOf(p(`bounds=${bad}`)), bad).toBeUndefined();
    }
    expect(withBounds(p('bounds=1,2,3,4&make=abc'), undefined).toString()).toBe('make=abc');
  });

  it('is what the API takes, for any area the map reports', () => {
    const areas = [austin, { south: -89.99999999, west: -179.999999999, north: 89.999999999, east: 179.99999999 }, { south: 0, west: 0, north: 0, east: 0 }];
    for (const area of areas) {
      const parsed = searchQuery.safeParse({ bounds: boundsParam(area) });
      expect(parsed.success, boundsParam(area)).toBe(true);
      const [s, w, n, e] = parsed.data!.bounds!;
      // The searched area holds the map's whole area.
      expect(s <= area.south && w <= area.west && n >= area.north && e >= area.east).toBe(true);
    }
  });

  it('narrows the search in both views: the API gets it, beside the filters', () => {
    expect(apiQueryString(p('view=map&bounds=30.1,-97.95,30.5,-97.5&fuel=Diesel'))).toBe('fuel=Diesel&bounds=30.1%2C-97.95%2C30.5%2C-97.5');
    expect(apiQueryString(p('view=map&fuel=Diesel'))).toBe('fuel=Diesel');
  });
});
