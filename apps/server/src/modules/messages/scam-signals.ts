import type { ScamSignal } from '@second-gear/contract';

/**
 * Words that mark the usual ways a used-car sale turns into a scam: money before anyone has seen the
 * car, payment that cannot be taken back, and moving the talk where the site cannot warn anyone.
 * Each pattern needs the risky *combination* ("deposit … before … viewing", "bank transfer first"),
 * not a lone word, so that ordinary arrangements ("I'll pay cash when we meet", "meet at the bank
 * car park", "is the deposit on the tyres new?") are not flagged: a warning on every message would
 * teach people to ignore it.
 */

/** Within one sentence: the gap a pattern allows between its parts. */
const near = (n: number) => `[^.?!\\n]{0,${n}}`;
const seeing = String.raw`(?:view|viewing|see|seeing|seen|meet|meeting|inspect|inspection|test[- ]?drive|collect|collection)`;

const patterns: Record<ScamSignal, RegExp[]> = {
  'payment-before-viewing': [
    new RegExp(String.raw`\b(?:deposit|down ?payment|payment|pay|money|fee)\b${near(60)}\b(?:before|prior to)\b${near(30)}\b${seeing}`, 'i'),
    new RegExp(String.raw`\b(?:send|pay|transfer|wire|need)\b${near(20)}\b(?:deposit|holding fee|reservation fee|down ?payment)\b`, 'i'),
    new RegExp(String.raw`\b(?:deposit|payment)\b${near(20)}\bto (?:hold|reserve|secure|keep)\b`, 'i'),
    /\b(?:pay(?:ment)?|send (?:the )?money)\s+(?:up ?front|in advance|first)\b/i,
    /\b(?:advance|up-?front)\s+(?:payment|fee)\b/i,
  ],
  'gift-cards': [/\b(?:gift|itunes|google play|steam|apple|amazon|ebay|prepaid|vanilla)\s?cards?\b/i, /\bpaysafe ?card\b/i],
  'wire-transfer': [
    /\bwestern\s?union\b/i,
    /\bmoney\s?gram\b/i,
    /\bwire\s+(?:transfer|the money|money|it|me)\b/i,
    new RegExp(String.raw`\b(?:bank transfer|transfer (?:the )?money|iban|bank details|account number)\b${near(40)}\b(?:before|first|in advance|up ?front)\b`, 'i'),
  ],
  crypto: [/\b(?:bitcoins?|btc|ethereum|ether|usdt|usdc|tether|crypto(?:currency|currencies)?|litecoin|dogecoin|monero|binance|coinbase)\b/i],
  'off-site': [
    /\b(?:whats\s?app|telegram|viber|wechat|kik|snapchat|wickr)\b/i,
    /\b(?:on|via|over|use|add me on|message me on|text me on)\s+signal\b/i,
    /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/,
    /\b(?:e-?mail|contact|write to|reach) me (?:at|on|directly|privately)\b/i,
  ],
};

// The patterns read Latin letters, so a sender can hide a word from them and not from the reader:
// an invisible character inside it ("Western\u200BUnion", "de\u00ADposit"), letters of another script
// drawn the same (Cyrillic "Wеstern"), fullwidth or styled letters ("Ｗｅｓｔｅｒｎ"), accents, digits for
// letters ("W3stern Uni0n"). The patterns read the message as it looks instead.

/**
 * What shows nothing, or nothing of its own: format characters (zero-width space and joiners, soft
 * hyphen, bidi controls, word joiner, byte order mark), combining marks (accents once NFKD has split
 * them off, the combining grapheme joiner, variation selectors), the Hangul fillers that draw as a
 * blank, and control characters other than tab and line breaks.
 */
const invisible = /[\p{Cf}\p{M}\u115f\u1160\u3164\uffa0]|[^\P{Cc}\t\n\r]/gu;

/**
 * Cyrillic and Greek letters drawn like Latin ones. Lowercase Cyrillic к, м, н, т, в are left out:
 * they look like small capitals, not like k, m, h, t, b, and folding them would turn Russian words
 * ("кик") into the patterns' words.
 */
const lookAlikes: Record<string, string> = {
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', х: 'x', у: 'y', і: 'i', ј: 'j', ѕ: 's', ԁ: 'd', һ: 'h', ӏ: 'l', ԛ: 'q', ԝ: 'w', ү: 'y',
  А: 'a', В: 'b', Е: 'e', К: 'k', М: 'm', Н: 'h', О: 'o', Р: 'p', С: 'c', Т: 't', У: 'y', Х: 'x', І: 'i', Ј: 'j', Ѕ: 's', Ԝ: 'w',
  α: 'a', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x',
  Α: 'a', Β: 'b', Ε: 'e', Ζ: 'z', Η: 'h', Ι: 'i', Κ: 'k', Μ: 'm', Ν: 'n', Ο: 'o', Ρ: 'p', Τ: 't', Υ: 'y', Χ: 'x',
  ı: 'i', ȷ: 'j', ɑ: 'a', ɡ: 'g', օ: 'o', ս: 'u',
};
const lookAlike = new RegExp(`[${Object.keys(lookAlikes).join('')}]`, 'g');

/** Digits and signs written for letters, read so only beside a letter: "5 pm" and "£500" stay as they are. */
const digitLetters: Record<string, string> = { '0': 'o', '3': 'e', '5': 's', '@': 'a' };
const letterLike = /(?<=\p{L})[0135@]|[0135@](?=\p{L})/gu;

/**
 * The forms of a message the patterns read: as it looks (NFKD folds fullwidth and styled letters, then
 * the invisible characters, accents and look-alike letters go), and, when it has digits among its
 * letters, with those read as letters too, a 1 once as i ("b1tcoin") and once as l ("te1egram").
 */
function readings(text: string): string[] {
  const looks = text.normalize('NFKD').replace(invisible, '').replace(lookAlike, (c) => lookAlikes[c]!);
  const asLetters = (one: string) => looks.replace(letterLike, (c) => (c === '1' ? one : digitLetters[c]!));
  const withI = asLetters('i');
  return withI === looks ? [looks] : [looks, withI, asLetters('l')];
}

/** The scam signals in a message's text, in a fixed order; none for an ordinary message. */
export function scamSignalsIn(text: string): ScamSignal[] {
  const forms = readings(text);
  return (Object.keys(patterns) as ScamSignal[]).filter((signal) => patterns[signal].some((p) => forms.some((form) => p.test(form))));
}
