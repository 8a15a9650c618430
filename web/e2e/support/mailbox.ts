import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** What the server under test e-mailed, as this test's SMTP listener received it. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailbox {
  /** How many mails `address` has received so far. */
  count(address: string): number;
  /** The first mail to `address` after the first `seen` ones. */
  waitForMail(address: string, seen: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:`port`, where CI points the system's SMTP_URL, and keeps every mail's recipients and text. */
export const openMailbox = async (port: number): Promise<Mailbox> => {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, done) => {
      void simpleParser(stream).then(
        (parsed) => {
          for (const recipient of session.envelope.rcptTo) received.push({ to: recipient.address.toLowerCase(), subject: parsed.subject ?? '', text: parsed.text ?? '' });
          done();
        },
        (error: Error) => done(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const mailsTo = (address: string) => received.filter((mail) => mail.to === address.toLowerCase());
  return {
    count: (address) => mailsTo(address).length,
    waitForMail: async (address, seen) => {
      for (let waited = 0; waited < 15_000; waited += 100) {
        const mail = mailsTo(address)[seen];
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no mail reached ${address}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
