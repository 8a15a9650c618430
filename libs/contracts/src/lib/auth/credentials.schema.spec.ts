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
});
