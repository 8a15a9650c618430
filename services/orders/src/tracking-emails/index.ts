export { TrackingEmailsModule } from './tracking-emails.module';
