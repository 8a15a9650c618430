import { SERVICE_NAMES, healthRpc } from '@labeldesk/contracts';

/**
 * Every subject a service serves without a caller token, and why that is safe (decision 036, which lists the same).
 * Anything that changes or reveals account state takes a caller token: holding a process's NATS account is then not
 * enough to act, since caller keys never cross the wire. A new handler that takes no caller fails
 * `subjects-without-caller.spec.ts` in libs/testing until it is added here with its reason, and the record updated.
 */
export const SUBJECTS_WITHOUT_CALLER: Readonly<Record<string, string>> = {
  'auth.session.verify.v1':
    'the session token in the request is the credential: the answer is that token\'s own user, which its holder reads at GET /api/auth/me anyway, and nothing changes; it is the gateway\'s path for every request not in its cache',
  'auth.api-key.verify.v1':
    "the API key in the request is the credential, as a session token is for auth.session.verify.v1: the answer is that key's own user and scopes, and nothing changes but the key's last-used time (decision 049)",
  'auth.api-key.lease.v1':
    "the API key in the request is the credential, as for auth.api-key.verify.v1: it only takes a few of that key's own requests from its rate-limit bucket (decision 075), and reveals nothing",
  'payments.webhook.receive.v1':
    'the BTCPay-Sig HMAC over the raw body is the credential (a secret only the payment server and payments hold); the caller is the payment server, for whom the gateway cannot vouch, it only relays',
  'orders.carrier-push.v1':
    "the carrier's signature over the raw body is the credential (EasyPost's X-Hmac-Signature: a secret only the carrier and orders hold); an event id seen before and a report older than the stored one change nothing, and it only updates tracking of that carrier's labels (it moves no money)",
  'orders.stores.oauth-callback.v1':
    "the OAuth state in the query is the credential (decision 107): 256 random bits naming one seller's pending connection, only its hash stored, taken once within 10 minutes; the store's own proof (Shopify's hmac, the code the store trades only with our app's secret) must check out too, and it only connects that seller's store (it moves no money)",
  'orders.stores.push.v1':
    "the store's signature over the raw body is the credential (Shopify's X-Shopify-Hmac-Sha256 with our app's secret, decision 107): it only adds the pushed order to the inbox of the sellers who connected that store, where a scheduled import would bring it anyway; it moves no money",
  'pricing.default-service.public-prices.v1': 'the from-prices of the public landing page: no account, nothing changes',
  'orders.tracking.public.v1':
    "the link's 192-bit random token is the credential (decision 089): the answer is one label's courier, status and scans at city and state, for whoever the seller gave the link; a revoked, unknown or voided label's token is one 404, and nothing changes",
  'orders.returns.public.v1':
    "the return link's 256-bit random token is the credential (decision 101; only its hash is stored): the answer is one return label's seller name, courier, service, tracking number and file name, for whoever the seller gave the link; an unknown, expired or revoked token is one 404, and nothing changes",
  'orders.returns.public-file-chunk.v1':
    "the return link's token is the credential, as for orders.returns.public.v1: the answer is part of that one return label's PDF, which its holder is meant to print; nothing changes and no money moves",
  'orders.tracking-emails.unsubscribe-info.v1':
    "the unsubscribe link's random token (244 bits, one per tracking e-mail, decision 095) is the credential: the answer is the seller's name and the receiver's address partly hidden, for whoever got the mail; nothing changes",
  'orders.tracking-emails.unsubscribe.v1':
    "the unsubscribe link's random token is the credential (decision 095): it only stops the tracking e-mails of that one seller to that one address, which is what its holder, the receiver, asked; it moves no money and reveals no more than the info subject",
  ...Object.fromEntries(SERVICE_NAMES.map((service) => [healthRpc(service).subject, 'up or degraded and a version: no account, nothing changes'])),
  'auth.user.sessions-ended.v1':
    'an event (events carry no caller: decision 028); only auth may publish it (NATS accounts, decision 012), and a gateway that hears it only forgets cached callers and re-checks sockets\' tokens',
  'auth.user.changed.v1': 'an event; only auth may publish it, and a gateway that hears it only forgets cached callers',
  'payments.account.changed.v1': 'an event; only payments may publish it, and a gateway that hears it only forgets a cached account summary',
  'orders.bulk.work-waiting.v1':
    'an event; only orders may publish it, and an orders replica that hears it only looks for pending batch rows sooner than its next look would (it buys only what the database says is waiting)',
  'gateway.api-key.usage.v1':
    'an event; only gateways may publish it, and a gateway that hears it only counts those requests against its own API-key rate limits',
  'orders.bulk.progressed.v1': 'an event; only orders may publish it, and a gateway relays it only to the sockets in that order\'s room',
};
