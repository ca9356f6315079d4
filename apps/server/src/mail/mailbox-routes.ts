import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, mailboxAttachmentParams, mailboxEntry, mailboxMessage } from '@second-gear/contract';
import { AppError } from '../errors.ts';

const MAILBOX_SIZE = 100;

/** `to_char` to the contract's ISO date. */
const DATE = `to_char(received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date`;
const ENTRY = `id, from_address as "from", to_address as "to", subject, ${DATE},
  exists (select 1 from jsonb_array_elements(attachments) a where a->>'contentType' = 'text/calendar') as "hasCalendar"`;

interface StoredAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * The development mailbox (dev-mailbox.ts): every email the server sent while it had no SMTP_URL.
 * Anyone who reaches it may read it, so it is registered only while nobody but this machine can
 * reach the server (reachableByOthers in loopback.ts); elsewhere it answers 404.
 */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/mailbox',
    { schema: { tags: ['development'], summary: 'The development mailbox: the latest 100 emails, newest first (only on a server reachable from its own machine alone)', response: { 200: z.array(mailboxEntry) } } },
    async () => (await app.pg.query(`select ${ENTRY} from dev_mailbox order by received_at desc, id desc limit ${MAILBOX_SIZE}`)).rows,
  );

  app.get(
    '/dev/mailbox/:id',
    { schema: { tags: ['development'], summary: 'One email of the development mailbox: its text, its HTML as text, its headers and attachments', params: idParam, response: { 200: mailboxMessage } } },
    async (req) => {
      const { rows } = await app.pg.query(`select ${ENTRY}, text_body as text, html_body as html, headers, attachments from dev_mailbox where id = $1`, [req.params.id]);
      const row = rows[0] as (Omit<z.infer<typeof mailboxMessage>, 'attachments'> & { attachments: StoredAttachment[] }) | undefined;
      if (!row) throw new AppError('NOT_FOUND', 'No such email in the mailbox.');
      return {
        ...row,
        attachments: row.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: Buffer.byteLength(a.content, 'base64') })),
      };
    },
  );

  app.get(
    '/dev/mailbox/:id/attachments/:n',
    {
      schema: {
        tags: ['development'],
        summary: 'Download an attachment of an email of the development mailbox (n counts from 0)',
        params: mailboxAttachmentParams,
        response: { 200: z.any().describe('The attachment’s bytes, in its own content type') },
      },
    },
    async (req, reply) => {
      const { rows } = await app.pg.query<{ a: StoredAttachment | null }>('select attachments -> $2::int as a from dev_mailbox where id = $1', [req.params.id, req.params.n]);
      const attachment = rows[0]?.a;
      if (!attachment) throw new AppError('NOT_FOUND', 'No such attachment.');
      const filename = attachment.filename.replace(/[^\w.-]/g, '_');
      return reply
        .header('content-type', attachment.contentType === 'text/calendar' ? 'text/calendar; charset=utf-8' : 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(Buffer.from(attachment.content, 'base64'));
    },
  );
};
