import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A mail server for tests: keeps every message it accepts, parsed. `failing` makes it refuse each
 * message (a 451, as a server in trouble answers) until switched off; a recipient in `unknown` is
 * refused for good (a 550, as for a mailbox that does not exist). It may be closed and listen again.
 */
export class SmtpSink {
  readonly received: ParsedMail[] = [];
  failing = false;
  readonly unknown = new Set<string>();
  private server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (this.unknown.has(address.address)) return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
        callback();
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream).then(
          (mail) => {
            if (this.failing) return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
            this.received.push(mail);
            callback();
          },
          (err: Error) => callback(err),
        );
      },
    });
    this.server.on('error', () => {});
  }

  /** Listens on 127.0.0.1:`port` (0: any free port); resolves to its `smtp://` URL. */
  async listen(port = 0): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    return `smtp://127.0.0.1:${(this.server.server.address() as { port: number }).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
