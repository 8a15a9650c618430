import { ErrorCode, PasswordResetRpc } from '@labeldesk/contracts';
import type { PasswordHasher } from '../sessions/password-hasher';
import type { UserEventsPublisher } from '../users/user-events.publisher';
import { User } from '../users/user.entity';
import type { UserRepository } from '../users/user.repository';
import type { Mailer } from './mailer';
import type { PasswordResetRepository } from './password-reset.repository';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetUseCases, RESET_BY_OPERATOR, RESET_INVALID, RESET_SENT, RESET_USER_BLOCKED } from './password-reset.usecases';

const PUBLIC_URL = 'https://labels.example.com';
const user = Object.assign(new User(), { id: 'u1', name: 'Ann', email: 'ann@example.com', activation: 'allow', passwordHash: 'old' });
const blockedUser = () => Object.assign(new User(), { ...user, activation: 'block', passwordHash: 'old' });

const setup = (configured: boolean, found: User | null = user) => {
  const sent: Array<{ to: string; text: string }> = [];
  const mailer = { configured, send: jest.fn(async (mail: { to: string; text: string }) => void sent.push(mail)) };
  const resets = { issue: jest.fn(async () => ({ token: 'T'.repeat(43), expiresAt: new Date() })), consume: jest.fn(async (): Promise<string | null> => 'u1') };
  const users = {
    findByEmail: jest.fn(async () => found),
    findById: jest.fn(async () => found),
    update: jest.fn(async (_id: string, change: (u: User) => void) => {
      const current = found ?? user;
      change(current);
      return current;
    }),
  };
  const events = { sessionsEnded: jest.fn(async () => undefined), changed: jest.fn(async () => undefined) };
  const hasher = { hash: jest.fn(async (p: string) => `hashed:${p}`) };
  const useCases = new PasswordResetUseCases(
    users as unknown as UserRepository,
    resets as unknown as PasswordResetRepository,
    mailer as unknown as Mailer,
    hasher as unknown as PasswordHasher,
    events as unknown as UserEventsPublisher,
    { PASSWORD_RESET_MINUTES: 60, PUBLIC_URL },
  );
  return { useCases, sent, resets, users, events };
};

describe('PasswordResetUseCases', () => {
  it('says to ask the operator when no SMTP server is configured, and issues no link', async () => {
    const { useCases, resets } = setup(false);
    await expect(useCases.request('ann@example.com')).resolves.toEqual({ message: RESET_BY_OPERATOR, delivery: 'operator' });
    expect(resets.issue).not.toHaveBeenCalled();
  });

  it('e-mails a link at its own PUBLIC_URL to a real account, and answers an unknown e-mail the same way without sending', async () => {
    const real = setup(true);
    await expect(real.useCases.request('ann@example.com')).resolves.toEqual({ message: RESET_SENT, delivery: 'email' });
    expect(real.sent[0]?.to).toBe('ann@example.com');
    expect(real.sent[0]?.text).toContain(`${PUBLIC_URL}/reset-password?token=${'T'.repeat(43)}`);
    const unknown = setup(true, null);
    await expect(unknown.useCases.request('nobody@example.com')).resolves.toEqual({ message: RESET_SENT, delivery: 'email' });
    expect(unknown.sent).toEqual([]);
  });

  it('builds the link on PUBLIC_URL when the message names another address (a gateway of the previous release, or an attacker)', async () => {
    const { useCases, sent } = setup(true);
    const controller = new PasswordResetController(useCases);
    const message = PasswordResetRpc.request.request.parse({ email: 'ann@example.com', appUrl: 'https://attacker.example/steal' });
    await controller.onRequest({ visitor: true }, message);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(sent[0]?.text).not.toContain('attacker');
  });

  it('sends no link to a blocked account and answers exactly as for an unknown e-mail', async () => {
    const blocked = setup(true, blockedUser());
    const unknown = setup(true, null);
    const answer = await blocked.useCases.request('ann@example.com');
    expect(answer).toEqual(await unknown.useCases.request('ann@example.com'));
    expect(blocked.sent).toEqual([]);
    expect(blocked.resets.issue).not.toHaveBeenCalled();
  });

  it('refuses an admin\'s link for a blocked user with 409 and its reason, and issues none', async () => {
    const { useCases, resets } = setup(false, blockedUser());
    await expect(useCases.issue({ userId: 'a1', role: 'admin' }, 'u1')).rejects.toMatchObject({ code: ErrorCode.CONFLICT, message: RESET_USER_BLOCKED });
    expect(resets.issue).not.toHaveBeenCalled();
  });

  it('lets no link issued before a block set the password once the user is blocked', async () => {
    const blocked = blockedUser();
    const { useCases, events } = setup(true, blocked);
    await expect(useCases.complete('T'.repeat(43), 'brand-new-pass')).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: RESET_INVALID });
    expect(blocked.passwordHash).toBe('old');
    expect(events.sessionsEnded).not.toHaveBeenCalled();
  });

  it('sets the new password and ends every session when the link is valid; refuses a used or unknown link', async () => {
    const { useCases, resets, events } = setup(true);
    await expect(useCases.complete('T'.repeat(43), 'brand-new-pass')).resolves.toMatchObject({ message: expect.stringContaining('reset') });
    expect(user.passwordHash).toBe('hashed:brand-new-pass');
    expect(events.sessionsEnded).toHaveBeenCalledWith('u1', 'password-changed');
    resets.consume.mockResolvedValueOnce(null);
    await expect(useCases.complete('T'.repeat(43), 'again-pass-1')).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: RESET_INVALID });
  });

  it('lets only an admin issue a link for the operator to hand over', async () => {
    const { useCases } = setup(false);
    await expect(useCases.issue({ userId: 'u2', role: 'user' }, 'u1')).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    await expect(useCases.issue({ userId: 'a1', role: 'admin' }, 'u1')).resolves.toMatchObject({ link: `${PUBLIC_URL}/reset-password?token=${'T'.repeat(43)}` });
  });
});
