import { describe, expect, it } from 'vitest';
import { scamSignalsIn } from './scam-signals.ts';

describe('scam signals', () => {
  it.each([
    ['Please send a deposit of $500 to hold the car for you.', ['payment-before-viewing']],
    ['I need a deposit before you view it, lots of interest.', ['payment-before-viewing']],
    ['You can pay upfront and I will ship the car to you.', ['payment-before-viewing']],
    ['Pay with Steam cards or an iTunes gift card please', ['gift-cards']],
    ['Send the money by Western Union to my cousin.', ['wire-transfer']],
    ['MoneyGram works for me', ['wire-transfer']],
    ['Do a bank transfer first and then I will bring the papers', ['wire-transfer']],
    ['I only accept Bitcoin or USDT', ['crypto']],
    ['Text me on WhatsApp, I do not check this site', ['off-site']],
    ['Add me on Telegram @cheapcars', ['off-site']],
    ['email me at seller.cheap@example.com for pictures', ['off-site']],
    ['Message me on Signal', ['off-site']],
    ['Send a deposit in bitcoin and we talk on WhatsApp', ['payment-before-viewing', 'crypto', 'off-site']],
  ])('flags %j', (text, signals) => {
    expect(scamSignalsIn(text)).toEqual(signals);
  });

  it.each([
    ['a zero-width space', 'Send the money by Western\u200BUnion', ['wire-transfer']],
    ['a zero-width space inside a word', 'I need a de\u200Bposit to hold it', ['payment-before-viewing']],
    ['a soft hyphen', 'Send the de\u00ADposit now', ['payment-before-viewing']],
    ['joiners and a word joiner', 'West\u200Dern Un\u200Cion or Bit\u2060coin', ['wire-transfer', 'crypto']],
    ['bidi controls and a byte order mark', 'Text me on What\u202EsApp\u202C or Tele\uFEFFgram', ['off-site']],
    ['a Hangul filler and a combining grapheme joiner', 'Money\u3164Gram or Tele\u034Fgram', ['wire-transfer', 'off-site']],
    ['Cyrillic look-alikes', 'Send it by W\u0435st\u0435rn Uni\u043En', ['wire-transfer']],
    ['Greek look-alikes', 'Only bitc\u03BFin or \u03B5th\u03B5r', ['crypto']],
    ['fullwidth letters', 'Ｗｅｓｔｅｒｎ Ｕｎｉｏｎ please', ['wire-transfer']],
    ['styled letters', '𝐖𝐡𝐚𝐭𝐬𝐀𝐩𝐩 me', ['off-site']],
    ['accents', 'Wéstern Ünion only', ['wire-transfer']],
    ['digits for letters', 'W3st3rn Uni0n or b1tcoin, add me on te1egram', ['wire-transfer', 'crypto', 'off-site']],
    ['an at sign for a letter', 'Send a dep0sit, we talk on Whats@pp', ['payment-before-viewing', 'off-site']],
  ])('flags a word hidden by %s', (_how, text, signals) => {
    expect(scamSignalsIn(text)).toEqual(signals);
  });

  it.each([
    "I'll pay cash when we meet",
    'Can we meet at the bank car park?',
    'Is the deposit on the tyres new?',
    'Meet me at 14 Station Road, Leeds, on Saturday at 10',
    'Can I take it for a test drive before I decide?',
    'I will pay by bank transfer when I collect it, after the viewing.',
    'The indicator signal light on the left is broken',
    'Is the telegraph pole next to the drive in the way of parking?',
    'Has it got a full service history? Any rust on the sills?',
    'I will not pay anything without seeing it first.',
    'I can pay the full price once I have seen the car and the V5.',
    'Can I see it at 5pm? I am at 10 Elm St, flat 3b, from 1030am.',
    'It did 0-60 in 8s, 150bhp, 35mpg, and has a new 12V battery.',
    'Die Probefahrt am Samstag um 10 Uhr passt mir gut.',
    'Можно посмотреть машину в субботу? Какой пробег?',
    'Μπορώ να δω το αυτοκίνητο το Σάββατο;',
    'Café parking behind the church\u200B, see you there.',
  ])('does not flag %j', (text) => {
    expect(scamSignalsIn(text)).toEqual([]);
  });
});
