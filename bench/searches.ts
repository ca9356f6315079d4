import { CITIES, MAKES, TOWNS } from './seed.ts';
import { seeded } from '../apps/server/test/seeded.ts';

/**
 * The fixed lists of searches the benchmark draws from at random, built from the same makes and
 * models as the seeded cars by a seeded generator, so every run draws from the same lists: what
 * buyers type (a make, a model, with a typo now and then), each with three filters, and filters
 * alone (a make with a budget and more), and a Distance from a Near (a seeded city's ZIP code)
 * with two filters, sorted Nearest first half the time. Each list is long enough (1,000 searches)
 * that repeating one search is rare within a measurement.
 */
export function searchLists(makeIds: Record<string, string>): { keyword: string[]; filters: string[]; radius: string[] } {
  const random = seeded(18);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const misspell = (word: string) => {
    if (word.length < 5) return word;
    const i = 1 + Math.floor(random() * (word.length - 2));
    // Two neighbouring letters swapped, the commonest typo.
    return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  };
  const keywords = () => {
    const make = pick(Object.keys(MAKES));
    const [model] = pick(MAKES[make]!);
    const typed = pick([make, model, `${make} ${model}`, misspell(make.toLowerCase()), misspell(model.toLowerCase()), `${model} ${pick(['hybrid', 'diesel', 'automatic', 'one owner'])}`]);
    return typed;
  };
  const filters: (() => [string, string])[] = [
    () => ['maxPrice', String(pick([5000, 8000, 10000, 12000, 15000, 20000, 25000, 30000, 40000]))],
    () => ['minPrice', String(pick([2000, 3000, 5000, 8000, 10000]))],
    () => ['minYear', String(pick([2010, 2012, 2014, 2015, 2016, 2018, 2020]))],
    () => ['maxMileage', String(pick([30000, 50000, 80000, 100000, 150000]))],
    () => ['fuel', pick(['Petrol', 'Diesel', 'Hybrid', 'Electric'])],
    () => ['transmission', pick(['Automatic', 'Manual'])],
    () => ['bodyType', pick(['SUV', 'Hatchback', 'Sedan', 'Wagon'])],
    () => ['condition', pick(['Excellent', 'Good'])],
    () => ['location', pick(TOWNS)],
    () => ['verified', 'true'],
  ];
  const sorts = ['newest', 'newest', 'price-asc', 'price-desc', 'mileage-asc', 'year-desc'];
  /** `count` different filters, drawn without repeating one; never a minimum above the maximum. */
  const someFilters = (count: number) => {
    const chosen = new Map<string, string>();
    while (chosen.size < count) {
      const [name, value] = pick(filters)();
      if (chosen.has(name) || (name === 'minPrice' && Number(value) >= Number(chosen.get('maxPrice') ?? Infinity))) continue;
      if (name === 'maxPrice' && Number(value) <= Number(chosen.get('minPrice') ?? 0)) continue;
      chosen.set(name, value);
    }
    return chosen;
  };
  const query = (entries: Iterable<[string, string]>) => `/api/search?${new URLSearchParams([...entries, ['sort', pick(sorts)]])}`;
  const keyword = Array.from({ length: 1000 }, () => query([['keyword', keywords()], ...someFilters(3)]));
  const filtersOnly = Array.from({ length: 1000 }, () => {
    const withMake = random() < 0.7 ? [['make', makeIds[pick(Object.keys(MAKES))]!] as [string, string]] : [];
    return query([...withMake, ...someFilters(withMake.length ? 2 : 3)]);
  });
  const radius = Array.from({ length: 1000 }, () => {
    // The radii people choose most, and the widest (250 miles holds whole metropolitan areas and their neighbours).
    const near: [string, string][] = [['near', pick(CITIES).zip], ['distance', String(pick([10, 25, 25, 50, 50, 50, 100, 250]))]];
    return `/api/search?${new URLSearchParams([...near, ...someFilters(2), ['sort', random() < 0.5 ? 'nearest' : pick(sorts)]])}`;
  });
  return { keyword, filters: filtersOnly, radius };
}

