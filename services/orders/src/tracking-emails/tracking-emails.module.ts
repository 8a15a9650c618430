import { Module } from '@nestjs/common';
import { TrackingLinksRepository } from '../lifecycle';
import { TrackingEmailSender } from './tracking-email-sender';
import { TrackingEmailSettingsRepository } from './tracking-email-settings.repository';
import { TrackingEmailsController } from './tracking-emails.controller';
import { TrackingEmailsRepository } from './tracking-emails.repository';
import { TrackingEmailsUseCase } from './tracking-emails.usecase';
import { TrackingMailer } from './tracking-mailer';

/**
 * Tracking e-mails to receivers (decision 095): sellers' settings, the sender that mails receivers when a label is
 * bought and when it is delivered, and the unsubscribe links. It reads labels and their tracking links; nothing
 * else reads it.
 */
@Module({
  controllers: [TrackingEmailsController],
  providers: [TrackingEmailSettingsRepository, TrackingEmailsRepository, TrackingLinksRepository, TrackingMailer, TrackingEmailSender, TrackingEmailsUseCase],
})
export class TrackingEmailsModule {}
