import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import type { ComposedMail } from './tracking-email.composer';

/**
 * Tracking e-mails through the install's SMTP server (SMTP_URL, as auth's password resets). Without it, or without
 * PUBLIC_URL to build the links on, no tracking e-mail can be sent and the seller's settings say so.
 */
@Injectable()
export class TrackingMailer implements OnApplicationShutdown {
  private readonly transport: Transporter | null;

  constructor(@Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'SMTP_URL' | 'SMTP_FROM' | 'PUBLIC_URL'>) {
    this.transport = env.SMTP_URL && env.PUBLIC_URL ? createTransport(env.SMTP_URL) : null;
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  /** The address links in the mails are built on (configured only). */
  get publicUrl(): string {
    if (!this.env.PUBLIC_URL) throw new Error('PUBLIC_URL is not set');
    return this.env.PUBLIC_URL;
  }

  get smtpFrom(): string {
    return this.env.SMTP_FROM;
  }

  async send(mail: ComposedMail): Promise<void> {
    if (!this.transport) throw new Error('SMTP is not configured');
    await this.transport.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, headers: mail.headers });
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
