import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { emailOf, type OutboxEmail } from './message.ts';

const settings = { publicUrl: 'https://second-gear.example', from: 'Second Gear <noreply@second-gear.example>', secret: 'a'.repeat(32) };

/** The message as it goes over the wire, built by nodemailer itself. */
async function raw(email: OutboxEmail): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const { message } = await transport.sendMail(emailOf(email, settings));
  return (message as Buffer).toString('utf8');
}

describe('an email of a notification', () => {
  // An outbox row as one written before notify() cleaned the text would hold it: a car's name with line breaks.
  const email: OutboxEmail = {
    id: '3f1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
    userId: '9a0b1c2d-3e4f-4a6b-8f1c-2a9e5b7d4e8f',
    toAddress: 'bea@example.com',
    subject: 'New message about Civic\rBcc: all@example.com\nX-Evil: 1\u2028\u0000',
    textBody: 'Eve wrote:\r\n\r\nHello\rthere\u0007',
    link: '/dashboard/messages',
    calendar: null,
  };

  it('adds no header for a line break in the subject, and writes the subject on one line', async () => {
    expect(emailOf(email, settings).subject).toBe('New message about Civic Bcc: all@example.com X-Evil: 1 ');
    const message = await raw(email);
    const head = message.slice(0, message.indexOf('\r\n\r\n'));
    const headers = head.replace(/\r\n[ \t]/g, ' ').split('\r\n');
    expect(headers.filter((line) => /^(?:bcc|x-evil):/i.test(line))).toEqual([]);
    expect(head).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
  });

  it('writes the body with line feeds only', () => {
    expect(emailOf(email, settings).text).toMatch(/^Eve wrote:\n\nHello\nthere\n/);
  });
});

describe('the HTML of an email', () => {
  const longAddress = 'seller.with.a.rather.long.address.1764417600000.abcde@test.example';
  const email: OutboxEmail = {
    id: '3f1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
    userId: '9a0b1c2d-3e4f-4a6b-8f1c-2a9e5b7d4e8f',
    toAddress: longAddress,
    subject: 'Your email address was changed',
    textBody: `Your email address is now ${longAddress}.\n\nhttps://second-gear.example/dashboard/settings?from=a-link-with-no-break-in-it-at-all`,
    link: null,
    calendar: null,
  };

  // A phone's mail app is as narrow as 320 px: a long address or link must wrap, not widen the message.
  it.each([
    ['an account email', email],
    ['a notification', { ...email, link: '/dashboard/settings' }],
  ])('wraps long addresses and links anywhere in %s', (_kind, outbox) => {
    const html = String(emailOf(outbox, settings).html);
    const content = /<body>(<div style="([^"]*)">[\s\S]*<\/div>)<\/body>/.exec(html);
    expect(content, html).not.toBeNull();
    expect(content![2]).toContain('overflow-wrap:anywhere');
    expect(content![2]).toContain('word-break:break-word');
    expect(content![1]).toContain(longAddress);
  });
});
