import { mayOpenMainRoute } from './nav-roles';

describe('which /main addresses a role may open', () => {
  it('keeps the Invite page from role user, as the sidebar hides it, and opens it to friends and admins', () => {
    expect(mayOpenMainRoute('/main/invite', 'user')).toBe(false);
    expect(mayOpenMainRoute('/main/invite', 'friend')).toBe(true);
    expect(mayOpenMainRoute('/main/invite', 'admin')).toBe(true);
  });

  it('keeps the Admin Panel page for admins only', () => {
    expect(mayOpenMainRoute('/main/admin', 'user')).toBe(false);
    expect(mayOpenMainRoute('/main/admin', 'friend')).toBe(false);
    expect(mayOpenMainRoute('/main/admin', 'admin')).toBe(true);
  });

  it('refuses a kept address while the role is not known yet', () => {
    expect(mayOpenMainRoute('/main/invite', undefined)).toBe(false);
  });

  it('opens addresses no role is kept from (Account, Orders) to every role', () => {
    expect(mayOpenMainRoute('/main/account', 'user')).toBe(true);
    expect(mayOpenMainRoute('/main/orders', 'user')).toBe(true);
  });
});
