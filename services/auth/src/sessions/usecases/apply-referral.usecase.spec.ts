import { ErrorCode, type Caller } from '@labeldesk/contracts';
import type { AuthEnv } from '../../config/env.schema';
import { User } from '../../users/user.entity';
import type { UserEventsPublisher } from '../../users/user-events.publisher';
import type { UserRepository } from '../../users/user.repository';
import { SessionFactory } from '../session.factory';
import { TokenSigner } from '../token-signer';
import { ApplyReferralUseCase } from './apply-referral.usecase';

const env = { JWT_SECRET: 's'.repeat(40), TOKEN_TTL_SECONDS: 3600, LOGIN_AS_TTL_SECONDS: 600 } as AuthEnv;
const NEWCOMER = '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b';
const ADMIN = '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b';
const newcomer: Caller = { userId: NEWCOMER, role: 'user' };

/** A repository over a few rows, with the conditional update PostgreSQL runs (set only while nobody is set). */
const setup = () => {
  const rows = [
    Object.assign(new User(), { id: 'friend', name: 'Friend', referralCode: 'FRIEND1', registeredAt: new Date() }),
    Object.assign(new User(), { id: NEWCOMER, name: 'Newcomer', referralCode: 'NEWBIE1', registeredAt: new Date() }),
    Object.assign(new User(), { id: 'gone', name: 'Gone', referralCode: 'GONE1', registeredAt: new Date(), deletedAt: new Date() }),
  ];
  const live = (id: string) => rows.find((u) => u.id === id && !u.deletedAt) ?? null;
  const users = {
    findById: jest.fn(async (id: string) => live(id)),
    findByReferralCode: jest.fn(async (code: string) => rows.find((u) => u.referralCode === code.toUpperCase() && !u.deletedAt) ?? null),
    setReferrerOnce: jest.fn(async (id: string, referrerId: string) => {
      const user = live(id);
      if (!user || user.referredBy) return null;
      user.referredBy = referrerId;
      return user;
    }),
  };
  const events = { changed: jest.fn().mockResolvedValue(undefined) };
  const useCase = new ApplyReferralUseCase(users as unknown as UserRepository, new SessionFactory(new TokenSigner(env)), events as unknown as UserEventsPublisher);
  return { useCase, rows, users, events, byId: (id: string) => rows.find((u) => u.id === id) };
};

describe('ApplyReferralUseCase', () => {
  it("links the user to the code's owner, whatever case the code is typed in, answers a fresh session and tells the gateways the user changed", async () => {
    const { useCase, byId, events } = setup();
    const session = await useCase.execute(newcomer, 'friend1');
    expect(session.user).toMatchObject({ id: NEWCOMER, referredBy: 'friend' });
    expect(session.token).toEqual(expect.any(String));
    expect(byId(NEWCOMER)?.referredBy).toBe('friend');
    expect(events.changed).toHaveBeenCalledWith(NEWCOMER);
  });

  it('refuses the user their own code, and links nobody', async () => {
    const { useCase, users, events } = setup();
    await expect(useCase.execute(newcomer, 'NEWBIE1')).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'You cannot use your own referral code' });
    expect(users.setReferrerOnce).not.toHaveBeenCalled();
    expect(events.changed).not.toHaveBeenCalled();
  });

  it('refuses the code of someone the user invited, so two people never list each other', async () => {
    const { useCase, byId } = setup();
    Object.assign(byId('friend') ?? {}, { referredBy: NEWCOMER });
    await expect(useCase.execute(newcomer, 'FRIEND1')).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'You cannot use the referral code of someone you invited',
    });
    expect(byId(NEWCOMER)?.referredBy).toBeNull();
  });

  it("treats a deleted user's code as unknown", async () => {
    const { useCase, byId } = setup();
    await expect(useCase.execute(newcomer, 'GONE1')).rejects.toMatchObject({ code: ErrorCode.AUTH_REFERRAL_CODE_UNKNOWN, message: 'Referral code not found' });
    expect(byId(NEWCOMER)?.referredBy).toBeNull();
  });

  it('refuses a second code once one is applied, keeping the first referrer', async () => {
    const { useCase, rows, byId } = setup();
    rows.push(Object.assign(new User(), { id: 'other', name: 'Other', referralCode: 'OTHER1', registeredAt: new Date() }));
    await useCase.execute(newcomer, 'FRIEND1');
    await expect(useCase.execute(newcomer, 'OTHER1')).rejects.toMatchObject({ code: ErrorCode.AUTH_REFERRAL_ALREADY_SET });
    expect(byId(NEWCOMER)?.referredBy).toBe('friend');
  });

  it('answers an admin signed in as the user a session bound to that admin, never an ordinary one', async () => {
    const { useCase, rows, byId } = setup();
    rows.push(Object.assign(new User(), { id: ADMIN, name: 'Admin', role: 'admin', referralCode: 'ADMIN1', registeredAt: new Date(), sessionVersion: 3, loginAsVersion: 5 }));
    const session = await useCase.execute({ ...newcomer, authMethod: 'login_as', impersonatorId: ADMIN }, 'FRIEND1');
    expect(new TokenSigner(env).verify(session.token)).toMatchObject({ sub: NEWCOMER, imp: ADMIN, isv: 3, iav: 5 });
    expect(byId(NEWCOMER)?.referredBy).toBe('friend');
  });

  it('sets nothing under login-as once the admin behind it is no longer an admin', async () => {
    const { useCase, rows, byId, users } = setup();
    rows.push(Object.assign(new User(), { id: ADMIN, name: 'Demoted', role: 'user', referralCode: 'ADMIN1', registeredAt: new Date() }));
    await expect(useCase.execute({ ...newcomer, authMethod: 'login_as', impersonatorId: ADMIN }, 'FRIEND1')).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    expect(users.setReferrerOnce).not.toHaveBeenCalled();
    expect(byId(NEWCOMER)?.referredBy).toBeNull();
  });

  it('answers not found to a caller whose account was deleted meanwhile', async () => {
    const { useCase, byId } = setup();
    Object.assign(byId(NEWCOMER) ?? {}, { deletedAt: new Date() });
    await expect(useCase.execute(newcomer, 'FRIEND1')).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});
