import { PasswordHasher } from './password-hasher';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('hashes with argon2id at m=19456 KiB, t=2, p=1', async () => {
    expect(await hasher.hash('a long enough password')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hasher.hash('right password');
    await expect(hasher.verify(stored, 'right password')).resolves.toBe(true);
    await expect(hasher.verify(stored, 'wrong password')).resolves.toBe(false);
  });

  it('refuses any password for an unknown account', async () => {
    await expect(hasher.verify(null, 'decoy-password-for-unknown-accounts')).resolves.toBe(false);
  });
});
