import type { Invitee } from '@labeldesk/contracts';
import type { User } from '../users/user.entity';

/** What an inviter may learn of someone they invited: a name and a date, never an e-mail or a role. */
export const toInvitee = (user: User): Invitee => ({ userId: user.id, name: user.name, registeredAt: user.registeredAt.toISOString() });
