import { UserContactController } from './user-contact.controller';
import type { User } from './user.entity';
import type { UserRepository } from './user.repository';

const ada = { id: 'u1', email: 'ada@example.com', deletedAt: null } as User;

const controllerWith = (users: User[]) => {
  const findById = jest.fn(async (id: string) => users.find((user) => user.id === id) ?? null);
  return { controller: new UserContactController({ findById } as unknown as UserRepository) };
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
});
