import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  /** Each header's raw value by its lower-case name (`list-unsubscribe`), the last one when a name repeats. */
  headers: Record<string, string>;
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`, for the system's SMTP_URL. */
  url: string;
  /** Every mail to `address` so far (lower-case compare), oldest first. */
  to(address: string): CaughtMail[];
  /** Waits for a mail to `address` beyond the first `seen` (take `to(address).length` before the action that sends). */
  next(address: string, seen: number, timeoutMs?: number): Promise<CaughtMail>;
  stop(): Promise<void>;
}

/**
 * A local SMTP server that keeps what it receives, for tests of e-mail the product sends through a real SMTP client
 * (no TLS, no authentication: it listens on loopback only).
 */
export const startMailCatcher = async (port = 0): Promise<MailCatcher> => {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const headers = Object.fromEntries(parsed.headerLines.map((header) => [header.key, header.line.slice(header.line.indexOf(':') + 1).trim()]));
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject: parsed.subject ?? '', text: parsed.text ?? '', headers });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  const to = (recipient: string) => mails.filter((mail) => mail.to.includes(recipient.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    to,
    next: async (recipient, seen, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = to(recipient)[seen];
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no mail to ${recipient} within ${timeoutMs} ms`);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
