import { Controller, HttpCode, Post, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { AddressInfo } from 'node:net';
import { CallerVerifier } from './caller-verifier';
import { ForgetsUsers, pathUser, self } from './forgets-user.decorator';
import type { AuthenticatedRequest } from './request-context';

const ALICE = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const ADMIN = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

/** A login-as token names its admin in `imp` (the decorator reads it unverified: the guard has checked it). */
const loginAsToken = [{ alg: 'HS256' }, { sub: ALICE, imp: ADMIN, exp: 9_999_999_999 }].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.') + '.signature';

@Controller()
class ChangesController {
  @ForgetsUsers(self)
  @Post('me')
  @HttpCode(200)
  me(): { ok: true } {
    return { ok: true };
  }

  @ForgetsUsers(pathUser('id'))
  @Post('users/:id')
  @HttpCode(200)
  user(): { ok: true } {
    return { ok: true };
  }

  @ForgetsUsers(pathUser('id'))
  @Post('refused/:id')
  refused(): never {
    throw new Error('auth refused');
  }
}

describe('ForgetsUsers', () => {
  let app: INestApplication;
  let base: string;
  const forgetUser = jest.fn();

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [ChangesController], providers: [{ provide: CallerVerifier, useValue: { forgetUser } }] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    // What the access guard leaves on a signed-in request.
    app.use((request: AuthenticatedRequest, _response: unknown, next: () => void) => {
      request.caller = { userId: ALICE, role: 'user' };
      next();
    });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(() => app.close());
  beforeEach(() => forgetUser.mockClear());

  it('forgets the signed-in user on this replica once the change has succeeded', async () => {
    expect((await fetch(`${base}/me`, { method: 'POST' })).status).toBe(200);
    expect(forgetUser.mock.calls).toEqual([[ALICE]]);
  });

  it('forgets the admin behind a login-as token too', async () => {
    await fetch(`${base}/me`, { method: 'POST', headers: { token: loginAsToken } });
    expect(forgetUser.mock.calls).toEqual([[ALICE], [ADMIN]]);
  });

  it('forgets the user the path names', async () => {
    await fetch(`${base}/users/${ADMIN}`, { method: 'POST' });
    expect(forgetUser.mock.calls).toEqual([[ADMIN]]);
  });

  it('forgets nobody when the change was refused', async () => {
    expect((await fetch(`${base}/refused/${ADMIN}`, { method: 'POST' })).status).toBe(500);
    expect(forgetUser).not.toHaveBeenCalled();
  });
});
