import { simpleParser, type AddressObject } from 'mailparser';
import type { Pool } from 'pg';
import { SMTPServer } from 'smtp-server';

/** The headers the mailbox keeps and shows: those that tell whether an email is well made. */
const SHOWN_HEADERS = ['message-id', 'date', 'list-unsubscribe', 'list-unsubscribe-post', 'content-type', 'mime-version'];

export interface DevMailbox {
  /** Where nodemailer sends: `smtp://127.0.0.1:<port>`. */
  smtpUrl: string;
  close(): Promise<void>;
}

/**
 * The development mailbox's receiving end: an SMTP server on a loopback port of its own that
 * parses each message and keeps it in `dev_mailbox`. Emails then take the same path as in
 * production (nodemailer, a real SMTP conversation), and /dev/mailbox shows what a person would get.
 * Started only while nobody but this machine can reach the server (config.ts), never in production.
 */
export async function startDevMailbox(pool: Pool): Promise<DevMailbox> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    banner: 'Second Gear development mailbox',
    size: 10 * 1024 * 1024,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => keep(pool, mail))
        .then(() => callback(), (err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // An SMTP client that misbehaves must not end the app.
  server.on('error', () => {});
  const { port } = server.server.address() as { port: number };
  return { smtpUrl: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function keep(pool: Pool, mail: Awaited<ReturnType<typeof simpleParser>>) {
  const headers = Object.fromEntries(
    SHOWN_HEADERS.flatMap((name) => {
      const line = mail.headerLines.find((h) => h.key === name);
      return line ? [[name, line.line.slice(line.line.indexOf(':') + 1).trim()]] : [];
    }),
  );
  // nodemailer sends a calendar twice (an alternative part and an attachment, for Outlook): shown once.
  const unique = mail.attachments.filter((a, i, all) => all.findIndex((b) => b.checksum === a.checksum) === i);
  const attachments = unique.map((a) => ({
    filename: a.filename ?? (a.contentType === 'text/calendar' ? 'invite.ics' : 'attachment'),
    contentType: a.contentType,
    content: a.content.toString('base64'),
  }));
  await pool.query(
    `insert into dev_mailbox (from_address, to_address, subject, text_body, html_body, headers, attachments)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [addresses(mail.from), addresses(mail.to), mail.subject ?? '', mail.text ?? '', typeof mail.html === 'string' ? mail.html : null, headers, JSON.stringify(attachments)],
  );
}

function addresses(field: AddressObject | AddressObject[] | undefined): string {
  return (Array.isArray(field) ? field : field ? [field] : []).map((a) => a.text).join(', ');
}
