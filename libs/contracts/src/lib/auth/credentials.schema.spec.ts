import { AuthRpc } from './auth.contract';
import { registerRequestSchema, updateProfileRequestSchema } from './credentials.schema';

const valid = { name: 'Ada', email: 'Ada@Example.COM ', password: 'long-enough', confirmPassword: 'long-enough' };
const firstMessage = (input: unknown) => {
  const result = registerRequestSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('registerRequestSchema', () => {
  it('normalises the email to lower case without spaces', () => {
    expect(registerRequestSchema.parse(valid).email).toBe('ada@example.com');
  });

  it("answers 'Please fill in all fields' for any empty field", () => {
    for (const field of ['name', 'email', 'password', 'confirmPassword']) {
      expect(firstMessage({ ...valid, [field]: '' })).toBe('Please fill in all fields');
    }
    expect(firstMessage({})).toBe('Please fill in all fields');
  });

  it("answers \"Passwords don't match\" when the confirmation differs", () => {
    expect(firstMessage({ ...valid, confirmPassword: 'something-else' })).toBe("Passwords don't match");
  });

  it('never trims a password', () => {
    expect(registerRequestSchema.parse({ ...valid, password: ' spaced pw ', confirmPassword: ' spaced pw ' }).password).toBe(' spaced pw ');
  });
});

describe('updateProfileRequestSchema', () => {
  it('treats an empty password as keep-unchanged but refuses a short one', () => {
    expect(updateProfileRequestSchema.safeParse({ name: 'A', password: '' }).success).toBe(true);
    expect(updateProfileRequestSchema.safeParse({ name: 'A', password: 'short' }).success).toBe(false);
  });

  it('carries the current password exactly as typed', () => {
    expect(updateProfileRequestSchema.parse({ name: 'A', password: 'new-password', currentPassword: ' old pw ' }).currentPassword).toBe(' old pw ');
  });
});

describe('AuthRpc', () => {
  it('drops a current password sent to update-profile v1, which can therefore never change a password', () => {
    expect(AuthRpc.updateProfile.request.parse({ name: 'A', password: 'new-password', currentPassword: 'old-password' })).toEqual({ name: 'A', password: 'new-password' });
  });

  it('accepts a sign-in without a client address from a gateway of the previous release', () => {
    expect(AuthRpc.login.request.safeParse({ email: 'a@b.co', password: 'p' }).success).toBe(true);
  });
});
