import { inviteLink } from './invite-link';

describe('inviteLink', () => {
  it("is the register page on the app's own origin with the code as ?ref=", () => {
    expect(inviteLink('https://labels.example.com', 'FRIEND-ADA')).toBe('https://labels.example.com/register?ref=FRIEND-ADA');
  });

  it('is empty when there is no code, so the box says Not Found...', () => {
    expect(inviteLink('https://labels.example.com', '')).toBe('');
  });
});
