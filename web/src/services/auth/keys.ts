/** Query keys for the signed-in session; the token is part of the key so a new session never reads the old one. */
export const authKeys = {
  all: ['auth'] as const,
  session: (token: string | null) => [...authKeys.all, 'session', token] as const,
  balance: (token: string | null) => [...authKeys.all, 'balance', token] as const,
  twoFactor: (token: string | null) => [...authKeys.all, 'two-factor', token] as const,
};
