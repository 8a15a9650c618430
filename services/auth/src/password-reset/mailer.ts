import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { AUTH_ENV, type AuthEnv } from '../config/env.schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** E-mail through the configured SMTP server (SMTP_URL); without one, nothing can be sent and callers say so. */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport: Transporter | null;

  constructor(@Inject(AUTH_ENV) private readonly env: Pick<AuthEnv, 'SMTP_URL' | 'SMTP_FROM'>) {
    this.transport = env.SMTP_URL ? createTransport(env.SMTP_URL) : null;
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  async send(mail: Mail): Promise<void> {
    if (!this.transport) throw new Error('SMTP is not configured');
    await this.transport.sendMail({ from: this.env.SMTP_FROM, to: mail.to, subject: mail.subject, text: mail.text });
    this.logger.log(`mail "${mail.subject}" sent`);
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
