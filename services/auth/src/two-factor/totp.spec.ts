import { generate } from 'otplib';
import { matchTotpStep, newTotpSecret, otpauthUrl, TOTP_PERIOD_SECONDS } from './totp';

const secret = newTotpSecret();
// The middle of a step, so ±n steps are exactly n periods away.
const now = (1_800_000_000 + 15) * 1000;
const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
const codeAt = (offsetSteps: number) => generate({ secret, epoch: now / 1000 + offsetSteps * TOTP_PERIOD_SECONDS });

describe('matchTotpStep', () => {
  it('accepts the code of the current step and of one step either side, answering the step it belongs to', async () => {
    for (const offset of [-1, 0, 1]) await expect(matchTotpStep(secret, await codeAt(offset), now)).resolves.toBe(step + offset);
  });

  it('refuses a code two steps early or late', async () => {
    for (const offset of [-2, 2]) await expect(matchTotpStep(secret, await codeAt(offset), now)).resolves.toBeNull();
  });

  it('refuses a code of another secret and anything but six digits', async () => {
    const other = await generate({ secret: newTotpSecret(), epoch: now / 1000 });
    const right = await codeAt(0);
    const results = await Promise.all([other === right ? null : other, `${right}0`, right.slice(1), 'abcdef'].map((code) => (code ? matchTotpStep(secret, code, now) : null)));
    expect(results).toEqual([null, null, null, null]);
  });
});

describe('otpauthUrl', () => {
  it('names the app and the account and carries the secret, for the QR code', () => {
    const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXP', 'ada@example.com'));
    expect([url.protocol, url.host, decodeURIComponent(url.pathname), url.searchParams.get('secret'), url.searchParams.get('issuer')]).toEqual([
      'otpauth:',
      'totp',
      '/LabelDesk:ada@example.com',
      'JBSWY3DPEHPK3PXP',
      'LabelDesk',
    ]);
  });
});
