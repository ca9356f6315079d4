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
  ])('does not flag %j', (text) => {
    expect(scamSignalsIn(text)).toEqual([]);
  });
});
