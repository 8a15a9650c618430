import type { AuthUser } from '@labeldesk/contracts';
import type { User } from './user.entity';

export const toAuthUser = (user: User): AuthUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  avatar: user.avatar,
  role: user.role,
  activation: user.activation,
  referralCode: user.referralCode,
  referredBy: user.referredBy,
  registeredAt: user.registeredAt.toISOString(),
  twoFactorEnabled: user.twoFactorEnabled,
});
