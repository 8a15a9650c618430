import { DomainError, ErrorCode, type AnyCaller } from '@labeldesk/contracts';
import { UserContactController } from './user-contact.controller';
import type { User } from './user.entity';
import type { UserRepository } from './user.repository';

const ada = { id: 'u1', email: 'ada@example.com', deletedAt: null } as User;

const controllerWith = (users: User[]) => {
  const findById = jest.fn(async (id: string) => users.find((user) => user.id === id) ?? null);
  return { controller: new UserContactController({ findById } as unknown as UserRepository), findById };
};

describe('UserContactController.onContact', () => {
  it("answers the orders service a customer's e-mail", async () => {
    const { controller } = controllerWith([ada]);
    await expect(controller.onContact({ service: 'orders' }, { userId: 'u1' })).resolves.toEqual({ email: 'ada@example.com' });
  });

  it('answers no e-mail for a user it does not know', async () => {
    const { controller } = controllerWith([ada]);
    await expect(controller.onContact({ service: 'orders' }, { userId: 'u404' })).resolves.toEqual({ email: null });
  });

  it.each<[string, AnyCaller]>([
    ['another service', { service: 'payments' }],
    ['the user themselves', { userId: 'u1', role: 'user' }],
    ['an admin', { userId: 'a1', role: 'admin' }],
  ])('refuses %s without looking the user up', async (_who, caller) => {
    const { controller, findById } = controllerWith([ada]);
    const refusal = controller.onContact(caller, { userId: 'u1' });
    await expect(refusal).rejects.toBeInstanceOf(DomainError);
    await expect(refusal).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN });
    expect(findById).not.toHaveBeenCalled();
  });
});
