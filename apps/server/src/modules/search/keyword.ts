/**
 * What a keyword means: every word the buyer typed must be found in the listing (its name, model and
 * description) or in its make's name, as typed, as the start of a longer word ("volks"), or with a
 * typo or two ("Volkswagon", "Camry hybird"). The number of typos forgiven grows with the word, as
 * in the search engines people are used to: none up to three letters, one up to seven, two beyond.
 */

/** The words of a text as the search compares them: lower case, runs of letters and digits. */
export function wordsOf(text: string): string[] {
  const lower = text.toLowerCase();
  // Listings are nearly always ASCII once in lower case, where a letter or digit is a-z or 0-9: cut
  // by hand (a million listings load in a third of the time the expression takes); anything else
  // goes to the expression.
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if (c >= 128) return lower.match(/[\p{L}\p{N}]+/gu) ?? [];
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      words.push(lower.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) words.push(lower.slice(start));
  return words;
}

const typosForgiven = (typed: string) => (typed.length <= 3 ? 0 : typed.length <= 7 ? 1 : 2);

/** Whether a listing's word is what the buyer meant by the word they typed. */
export function wordMatches(typed: string, word: string): boolean {
  if (word === typed) return true;
  if (typed.length >= 3 && word.startsWith(typed)) return true;
  const forgiven = typosForgiven(typed);
  return forgiven > 0 && withinEdits(typed, word, forgiven);
}

/**
 * Whether two words are at most `limit` edits apart, counting an insertion, a deletion, a change of
 * a letter or two neighbours swapped ("hybird") as one edit each (optimal string alignment).
 */
export function withinEdits(a: string, b: string, limit: number): boolean {
  if (Math.abs(a.length - b.length) > limit) return false;
  // Three rows of the distance table: two back (for swaps), the previous one and the current one.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const change = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + change);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < best) best = d;
    }
    // Every way on passes through this row: once all of it is over the limit, so is the end.
    if (best > limit) return false;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]! <= limit;
}

/** Strings seen over and over (words, makes, models, places) kept once and numbered in order of arrival. */
export class Numbering {
  readonly values: string[] = [];
  private readonly numbers = new Map<string, number>();

  /** The string's number, adding it if new. */
  numberOf(value: string): number {
    let n = this.numbers.get(value);
    if (n === undefined) {
      n = this.values.length;
      this.values.push(value);
      this.numbers.set(value, n);
    }
    return n;
  }

  find(value: string): number | undefined {
    return this.numbers.get(value);
  }
}

/**
 * Every distinct word of the listings, numbered, so that a listing keeps its words as numbers and a
 * typed word is compared with each distinct word once rather than with every listing. What each
 * typed word matched is remembered (a buyer's next keystrokes and other buyers repeat the same
 * words) and only the words added since are checked the next time.
 */
export class Vocabulary {
  private readonly words = new Numbering();
  private readonly matched = new Map<string, { checked: number; numbers: number[] }>();
  private static readonly remembered = 2000;

  /** The word's number, adding it if new. */
  numberOf(word: string): number {
    return this.words.numberOf(word);
  }

  get size(): number {
    return this.words.values.length;
  }

  /** The numbers of every word that the typed word matches. */
  matching(typed: string): number[] {
    let found = this.matched.get(typed);
    if (found) {
      // Most recently used last, so that the oldest is the first to be forgotten.
      this.matched.delete(typed);
    } else {
      found = { checked: 0, numbers: [] };
      if (this.matched.size >= Vocabulary.remembered) this.matched.delete(this.matched.keys().next().value!);
    }
    const words = this.words.values;
    for (let n = found.checked; n < words.length; n++) if (wordMatches(typed, words[n]!)) found.numbers.push(n);
    found.checked = words.length;
    this.matched.set(typed, found);
    return found.numbers;
  }
}
