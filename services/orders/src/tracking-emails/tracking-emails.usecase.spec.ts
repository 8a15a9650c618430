import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { DEFAULT_SETTINGS, type TrackingEmailSettingsRepository } from './tracking-email-settings.repository';
import type { TrackingEmailsRepository } from './tracking-emails.repository';
import { SMTP_NOT_CONFIGURED, TrackingEmailsUseCase } from './tracking-emails.usecase';
import type { TrackingMailer } from './tracking-mailer';

const setUp = (configured: boolean) => {
  const saved: unknown[] = [];
  const settings = {
    get: async () => DEFAULT_SETTINGS,
    save: async (_userId: string, body: typeof DEFAULT_SETTINGS) => {
      saved.push(body);
      return body;
    },
  } as unknown as TrackingEmailSettingsRepository;
  const target = { userId: 'u1', email: 'Rita@Example.com', store: 'Cedar Goods', unsubscribed: false };
  const unsubscribed: string[] = [];
  const mails = {
    unsubscribeTarget: async (token: string) => (token === 'a'.repeat(64) ? target : null),
    unsubscribe: async (userId: string, email: string) => void unsubscribed.push(`${userId} ${email}`),
  } as unknown as TrackingEmailsRepository;
  const useCase = new TrackingEmailsUseCase(settings, mails, { configured } as TrackingMailer);
  return { useCase, saved, unsubscribed };
};

describe('TrackingEmailsUseCase', () => {
  it('says where no SMTP server is set up, and refuses to switch the mails on rather than store a promise', async () => {
    const { useCase, saved } = setUp(false);
    expect(await useCase.get('u1')).toMatchObject({ enabled: false, smtpConfigured: false });
    await expect(useCase.update('u1', { ...DEFAULT_SETTINGS, enabled: true })).rejects.toEqual(new DomainError(ErrorCode.CONFLICT, SMTP_NOT_CONFIGURED));
    expect(await useCase.update('u1', { ...DEFAULT_SETTINGS, senderName: 'Cedar Goods' })).toMatchObject({ enabled: false, senderName: 'Cedar Goods', smtpConfigured: false });
    expect(saved).toHaveLength(1);
  });

  it("shows whose mails a link stops with the address partly hidden, and unsubscribes that seller's address only on POST", async () => {
    const { useCase, unsubscribed } = setUp(true);
    expect(await useCase.unsubscribeInfo('a'.repeat(64))).toEqual({ store: 'Cedar Goods', email: 'R•••@Example.com', unsubscribed: false });
    expect(unsubscribed).toEqual([]);
    expect(await useCase.unsubscribe('a'.repeat(64))).toEqual({ store: 'Cedar Goods', email: 'R•••@Example.com', unsubscribed: true });
    expect(unsubscribed).toEqual(['u1 Rita@Example.com']);
    await expect(useCase.unsubscribe('b'.repeat(64))).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});
