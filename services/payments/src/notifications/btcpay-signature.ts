import { createHmac, timingSafeEqual } from 'node:crypto';

/** `BTCPay-Sig: sha256=<lowercase hex HMAC-SHA256(UTF-8 secret, raw body bytes)>`, as BTCPay's WebhookSender computes it. */
export const signBtcpayBody = (secret: string, rawBody: string): string =>
  `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(Buffer.from(rawBody, 'utf8')).digest('hex')}`;

/** Constant-time comparison over the exact bytes received; any malformed header is simply false. */
export const verifyBtcpaySignature = (secret: string, rawBody: string, header: string): boolean => {
  const expected = Buffer.from(signBtcpayBody(secret, rawBody), 'utf8');
  const given = Buffer.from(header.trim().toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
};
