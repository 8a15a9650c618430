import { generateSecret, generateURI, verify } from 'otplib';

export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'LabelDesk';

export const newTotpSecret = (): string => generateSecret();

export const otpauthUrl = (secret: string, email: string): string => generateURI({ issuer: ISSUER, label: email, secret });

/**
 * The time step a six-digit code belongs to, within one step either side of `nowMs` (clocks of phones drift, and a
 * code typed at the end of its 30 seconds arrives in the next), or null. Whether the step was used already is the
 * caller's to check (TwoFactorRepository.claimStep).
 */
export const matchTotpStep = async (secret: string, code: string, nowMs: number): Promise<number | null> => {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({ secret, token: code, epoch: Math.floor(nowMs / 1000), epochTolerance: TOTP_PERIOD_SECONDS, period: TOTP_PERIOD_SECONDS });
  // The result type covers HOTP too; a TOTP match always carries its step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
};
