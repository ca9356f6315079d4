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

/** The scam signals in a message's text, in a fixed order; none for an ordinary message. */
export function scamSignalsIn(text: string): ScamSignal[] {
  return (Object.keys(patterns) as ScamSignal[]).filter((signal) => patterns[signal].some((p) => p.test(text)));
}
