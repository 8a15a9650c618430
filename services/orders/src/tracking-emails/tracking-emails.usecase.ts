import { Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  maskEmail,
  UNSUBSCRIBE_LINK_NOT_FOUND,
  type TrackingEmailSettings,
  type TrackingEmailSettingsBody,
  type UnsubscribeInfo,
} from '@labeldesk/contracts';
import { TrackingEmailSettingsRepository, type StoredTrackingEmailSettings } from './tracking-email-settings.repository';
import { TrackingEmailsRepository } from './tracking-emails.repository';
import { TrackingMailer } from './tracking-mailer';

export const SMTP_NOT_CONFIGURED = 'E-mails cannot be sent on this install: its operator has not set up an SMTP server.';

/** A seller's tracking e-mail settings, and a receiver's unsubscribe link (decision 095). */
@Injectable()
export class TrackingEmailsUseCase {
  constructor(
    private readonly settings: TrackingEmailSettingsRepository,
    private readonly mails: TrackingEmailsRepository,
    private readonly mailer: TrackingMailer,
  ) {}

  async get(userId: string): Promise<TrackingEmailSettings> {
    return this.view(await this.settings.get(userId));
  }

  /** Saves the settings; switching the mails on where none can be sent is refused, not stored as a promise. */
  async update(userId: string, body: TrackingEmailSettingsBody): Promise<TrackingEmailSettings> {
    if (body.enabled && !this.mailer.configured) throw new DomainError(ErrorCode.CONFLICT, SMTP_NOT_CONFIGURED);
    return this.view(await this.settings.save(userId, body));
  }

  async unsubscribeInfo(token: string): Promise<UnsubscribeInfo> {
    const target = await this.mails.unsubscribeTarget(token);
    if (!target) throw new DomainError(ErrorCode.NOT_FOUND, UNSUBSCRIBE_LINK_NOT_FOUND);
    return { store: target.store, email: maskEmail(target.email), unsubscribed: target.unsubscribed };
  }

  async unsubscribe(token: string): Promise<UnsubscribeInfo> {
    const target = await this.mails.unsubscribeTarget(token);
    if (!target) throw new DomainError(ErrorCode.NOT_FOUND, UNSUBSCRIBE_LINK_NOT_FOUND);
    await this.mails.unsubscribe(target.userId, target.email);
    return { store: target.store, email: maskEmail(target.email), unsubscribed: true };
  }

  private view(stored: StoredTrackingEmailSettings): TrackingEmailSettings {
    return { ...stored, smtpConfigured: this.mailer.configured };
  }
}
