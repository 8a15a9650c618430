import type { User } from '../../users/user.entity';
import type { UserRepository } from '../../users/user.repository';

/**
 * An admin whose two-factor sign-in was just turned off or reset: every "login as" session they opened ends (its token
 * carries the login-as version, which moves on, as signing out moves it), since it was opened behind the second factor
 * they no longer have. Their own sessions go on. A customer has none, and nothing is written for them. The caller
 * announces the change (UserEventsPublisher.changed), so gateways forget the kept callers of those sessions.
 */
export const endAdminLoginAs = async (users: UserRepository, user: User): Promise<void> => {
  if (user.role === 'admin') await users.update(user.id, (admin) => admin.endLoginAsSessions());
};
