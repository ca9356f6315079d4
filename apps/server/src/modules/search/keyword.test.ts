import { describe, expect, it } from 'vitest';
import { Vocabulary, withinEdits, wordMatches, wordsOf } from './keyword.ts';

describe('keyword matching', () => {
  it('splits text into lower-case words of letters and digits', () => {
    expect(wordsOf('Mercedes-Benz C-Class, 2019: 45,000 km')).toEqual(['mercedes', 'benz', 'c', 'class', '2019', '45', '000', 'km']);
    expect(wordsOf('Škoda Octavia')).toEqual(['škoda', 'octavia']);
    expect(wordsOf(' ,.- ')).toEqual([]);
  });

  it('cuts ASCII text by hand exactly as the expression cuts any text', () => {
    const expression = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    const samples = ['2019 Audi A4 in good condition, 45000 km, one owner.', 'A_B~C|d{e}f`g@h[i]j^k', '\u212Aelvin', 'x', '9', '', '...', 'ÀB-c', 'tab\there\nnew line', 'Ford F-150 (V8)'];
    for (let code = 0; code < 128; code++) samples.push(`a${String.fromCharCode(code)}b`);
    for (const text of samples) expect(wordsOf(text)).toEqual(expression(text));
  });

  it.each([
    ['kitten', 'sitting', 3, true],
    ['kitten', 'sitting', 2, false],
    ['hybird', 'hybrid', 1, true],
    ['volkswagon', 'volkswagen', 1, true],
    ['toyta', 'toyota', 1, true],
    ['ab', 'ba', 1, true],
    ['abc', 'abc', 0, true],
    ['corolla', 'camry', 2, false],
    ['', 'ab', 2, true],
    ['', 'abc', 2, false],
  ])('withinEdits(%s, %s, %i) is %s', (a, b, limit, expected) => {
    expect(withinEdits(a, b, limit)).toBe(expected);
    expect(withinEdits(b, a, limit)).toBe(expected);
  });

  it('forgives more typos in longer words, none in short ones, and finds the start of a word', () => {
    expect(wordMatches('volkswagon', 'volkswagen')).toBe(true);
    expect(wordMatches('mercedez', 'mercedes')).toBe(true);
    expect(wordMatches('hybird', 'hybrid')).toBe(true);
    expect(wordMatches('volks', 'volkswagen')).toBe(true);
    expect(wordMatches('gti', 'gt')).toBe(false);
    expect(wordMatches('kia', 'kim')).toBe(false);
    expect(wordMatches('golf', 'wolf')).toBe(true);
    expect(wordMatches('golf', 'gold')).toBe(true);
    expect(wordMatches('golf', 'polo')).toBe(false);
    expect(wordMatches('zebra', 'camry')).toBe(false);
    expect(wordMatches('x3', 'x5')).toBe(false);
  });

  it('remembers what a word matched and checks only words added since', () => {
    const vocabulary = new Vocabulary();
    const camry = vocabulary.numberOf('camry');
    vocabulary.numberOf('corolla');
    expect(vocabulary.matching('camry')).toEqual([camry]);
    const camrys = vocabulary.numberOf('camrys');
    expect(vocabulary.numberOf('camry')).toBe(camry);
    expect(vocabulary.matching('camry')).toEqual([camry, camrys]);
    expect(vocabulary.size).toBe(3);
  });
});
