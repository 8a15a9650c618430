import { PasswordResetRpc } from '@labeldesk/contracts';
import { InMemorySignInCounters } from '../../../test/support/in-memory-sign-in-counters';
import { User } from '../../users/user.entity';
import type { UserRepository } from '../../users/user.repository';
import type { Mailer } from '../mailer';
import { PasswordResetController } from '../password-reset.controller';
import type { PasswordResetRepository } from '../password-reset.repository';
import { RESET_BY_OPERATOR, RESET_SENT } from '../reset-link';
import type { CompletePasswordResetUseCase } from './complete-password-reset.usecase';
import type { IssueResetLinkUseCase } from './issue-reset-link.usecase';
import { RequestPasswordResetUseCase, RESET_MAILS_PER_ACCOUNT, RESET_MAILS_PER_ACCOUNT_AND_ADDRESS, RESET_MAILS_PER_ADDRESS } from './request-password-reset.usecase';

const PUBLIC_URL = 'https://labels.example.com';
const user = () => Object.assign(new User(), { id: 'u1', name: 'Ann', email: 'ann@example.com', activation: 'allow', passwordHash: 'old' });
const blockedUser = () => Object.assign(user(), { activation: 'block' });

const setup = (configured: boolean, found: User | null = user(), counters = new InMemorySignInCounters()) => {
  const sent: Array<{ to: string; text: string }> = [];
  const mailer = { configured, send: jest.fn(async (mail: { to: string; text: string }) => void sent.push(mail)) };
  const resets = { issue: jest.fn(async () => ({ token: 'T'.repeat(43), expiresAt: new Date() })) };
  const users = { findByEmail: jest.fn(async (email: string) => (found && email === found.email ? found : null)) };
  const useCase = new RequestPasswordResetUseCase(
    users as unknown as UserRepository,
    resets as unknown as PasswordResetRepository,
    mailer as unknown as Mailer,
    counters,
    { PASSWORD_RESET_MINUTES: 60, PUBLIC_URL },
  );
  return { useCase, sent, resets, users, counters };
};

describe('RequestPasswordResetUseCase', () => {
  it('says to ask the operator when no SMTP server is configured, and issues no link', async () => {
    const { useCase, resets } = setup(false);
    await expect(useCase.execute('ann@example.com')).resolves.toEqual({ message: RESET_BY_OPERATOR, delivery: 'operator' });
    expect(resets.issue).not.toHaveBeenCalled();
  });

  it('e-mails a link at its own PUBLIC_URL to a real account, and answers an unknown e-mail the same way without sending', async () => {
    const real = setup(true);
    await expect(real.useCase.execute('ann@example.com')).resolves.toEqual({ message: RESET_SENT, delivery: 'email' });
    expect(real.sent[0]?.to).toBe('ann@example.com');
    expect(real.sent[0]?.text).toContain(`${PUBLIC_URL}/reset-password?token=${'T'.repeat(43)}`);
    const unknown = setup(true, null);
    await expect(unknown.useCase.execute('nobody@example.com')).resolves.toEqual({ message: RESET_SENT, delivery: 'email' });
    expect(unknown.sent).toEqual([]);
  });

  it('answers without waiting for the mail server, so a real account answers as fast as an unknown e-mail', async () => {
    const { useCase } = setup(true);
    const stalled = { configured: true, send: jest.fn(() => new Promise<void>(() => undefined)) };
    Object.assign(useCase, { mailer: stalled });
    await expect(useCase.execute('ann@example.com')).resolves.toEqual({ message: RESET_SENT, delivery: 'email' });
    expect(stalled.send).toHaveBeenCalledTimes(1);
  });

  it('builds the link on PUBLIC_URL when the message names another address (a gateway of the previous release, or an attacker)', async () => {
    const { useCase, sent } = setup(true);
    const controller = new PasswordResetController(useCase, {} as IssueResetLinkUseCase, {} as CompletePasswordResetUseCase);
    const message = PasswordResetRpc.request.request.parse({ email: 'ann@example.com', appUrl: 'https://attacker.example/steal' });
    await controller.onRequest({ visitor: true }, message);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(sent[0]?.text).not.toContain('attacker');
  });

  it('sends no link to a blocked account and answers exactly as for an unknown e-mail', async () => {
    const blocked = setup(true, blockedUser());
    const unknown = setup(true, null);
    const answer = await blocked.useCase.execute('ann@example.com');
    expect(answer).toEqual(await unknown.useCase.execute('ann@example.com'));
    expect(blocked.sent).toEqual([]);
    expect(blocked.resets.issue).not.toHaveBeenCalled();
  });

  it('e-mails one account at most 3 times an hour asked for from one address (an IPv6 /64 counts as one), answering every time as for an unknown e-mail', async () => {
    const { useCase, sent, resets, counters } = setup(true);
    const unknownAnswer = await useCase.execute('nobody@example.com', '198.51.100.1');
    const answers = [];
    for (let i = 0; i < RESET_MAILS_PER_ACCOUNT_AND_ADDRESS + 3; i++) answers.push(await useCase.execute('ann@example.com', `2001:db8:7:7::${i + 1}`));
    expect(answers.every((answer) => JSON.stringify(answer) === JSON.stringify(unknownAnswer))).toBe(true);
    expect(sent).toHaveLength(RESET_MAILS_PER_ACCOUNT_AND_ADDRESS);
    // A held-back mail issues no link: the last one sent still works.
    expect(resets.issue).toHaveBeenCalledTimes(RESET_MAILS_PER_ACCOUNT_AND_ADDRESS);
    counters.now += 3_600_000;
    await useCase.execute('ann@example.com', '2001:db8:7:7::99');
    expect(sent).toHaveLength(RESET_MAILS_PER_ACCOUNT_AND_ADDRESS + 1);
  });

  it("does not let a stranger's requests from another address use up the owner's: the owner still gets their mail, however often the stranger asked", async () => {
    const { useCase, sent } = setup(true);
    for (let i = 0; i < 30; i++) await useCase.execute('ann@example.com', '203.0.113.66');
    expect(sent).toHaveLength(RESET_MAILS_PER_ACCOUNT_AND_ADDRESS);
    await expect(useCase.execute('ann@example.com', '198.51.100.23')).resolves.toEqual({ message: RESET_SENT, delivery: 'email' });
    expect(sent).toHaveLength(RESET_MAILS_PER_ACCOUNT_AND_ADDRESS + 1);
  });

  it('e-mails one account at most 10 times an hour whatever the addresses asking, answering every time as for an unknown e-mail', async () => {
    const { useCase, sent, counters } = setup(true);
    const unknownAnswer = await useCase.execute('nobody@example.com', '198.51.100.1');
    const answers = [];
    for (let i = 0; i < RESET_MAILS_PER_ACCOUNT + 5; i++) answers.push(await useCase.execute('ann@example.com', `203.0.113.${i + 1}`));
    expect(answers.every((answer) => JSON.stringify(answer) === JSON.stringify(unknownAnswer))).toBe(true);
    expect(sent).toHaveLength(RESET_MAILS_PER_ACCOUNT);
    counters.now += 3_600_000;
    await useCase.execute('ann@example.com', '203.0.113.1');
    expect(sent).toHaveLength(RESET_MAILS_PER_ACCOUNT + 1);
  });

  it('sends at most 10 reset e-mails an hour asked for from one address (an IPv6 /64 counts as one), to however many accounts', async () => {
    const counters = new InMemorySignInCounters();
    const accounts = Array.from({ length: RESET_MAILS_PER_ADDRESS + 2 }, (_, i) => setup(true, Object.assign(user(), { id: `u${i}`, email: `a${i}@example.com` }), counters));
    const answers = [];
    for (const [i, account] of accounts.entries()) answers.push(await account.useCase.execute(`a${i}@example.com`, `2001:db8:1:2::${i + 1}`));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(accounts.map((account) => account.sent.length)).toEqual([...Array<number>(RESET_MAILS_PER_ADDRESS).fill(1), 0, 0]);
    // Another address still gets its mail to an account the first one did not exhaust.
    const last = accounts[RESET_MAILS_PER_ADDRESS + 1];
    await last?.useCase.execute(`a${RESET_MAILS_PER_ADDRESS + 1}@example.com`, '192.0.2.7');
    expect(last?.sent).toHaveLength(1);
  });
});
