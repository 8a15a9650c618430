// Session-token sign and verify, per call, the ways auth has done it, in one run so the figures compare:
//   jsonwebtoken, secret as text      (before issue 11: jsonwebtoken reads the text as a public key first, every call)
//   jsonwebtoken, key object          (issue 11 to issue 20: TokenSigner called jsonwebtoken itself)
//   @nestjs/jwt JwtService, key object (issue 20 on: TokenSigner signs and verifies through JwtService)
//   @nestjs/jwt JwtService, secret as text (what JwtModule's usual `secret: string` would cost)
//   auth's TokenSigner as built (services/auth/dist: JwtService with the key object, and its claims check), when built
// `node scripts/bench-token.mjs [calls=20000] [rounds=5]`: the ways alternate round by round; the best round of each
// is printed (the machine is shared; the best is the least disturbed), in CPU time.
import { JwtService } from '@nestjs/jwt';
import jwt from 'jsonwebtoken';
import { createSecretKey } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const calls = Number(process.argv[2] ?? 20_000);
const rounds = Number(process.argv[3] ?? 5);
const text = 'x'.repeat(48);
const key = createSecretKey(Buffer.from(text, 'utf8'));
const sub = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const signOptions = { algorithm: 'HS256', subject: sub, issuer: 'labeldesk-auth', audience: 'labeldesk-api', expiresIn: 3600 };
const verifyOptions = { algorithms: ['HS256'], issuer: 'labeldesk-auth', audience: 'labeldesk-api' };
const payload = { sv: 3 };

const nestWith = (secret) => new JwtService({ secret, signOptions: { algorithm: 'HS256', issuer: 'labeldesk-auth', audience: 'labeldesk-api', expiresIn: 3600 }, verifyOptions });
const nestKey = nestWith(key);
const nestText = nestWith(text);

const ways = {
  'jsonwebtoken, secret as text': { sign: () => jwt.sign(payload, text, signOptions), verify: (t) => jwt.verify(t, text, verifyOptions) },
  'jsonwebtoken, key object': { sign: () => jwt.sign(payload, key, signOptions), verify: (t) => jwt.verify(t, key, verifyOptions) },
  '@nestjs/jwt JwtService, key object': { sign: () => nestKey.sign({ sub, ...payload }), verify: (t) => nestKey.verify(t) },
  // The subject as a per-call option: JwtService deletes keys from that options object, and jsonwebtoken reads the
  // result much more slowly (why auth puts `sub` in the payload and passes no per-call options).
  '@nestjs/jwt JwtService, key object, per-call options': { sign: () => nestKey.sign(payload, { subject: sub }), verify: (t) => nestKey.verify(t, {}) },
  '@nestjs/jwt JwtService, secret as text': { sign: () => nestText.sign({ sub, ...payload }), verify: (t) => nestText.verify(t) },
};

const builtSigner = new URL('../services/auth/dist/sessions/token-signer.js', import.meta.url);
if (existsSync(builtSigner)) {
  const require = createRequire(import.meta.url);
  require('reflect-metadata');
  const { TokenSigner } = require(builtSigner.pathname);
  const signer = new TokenSigner({ JWT_SECRET: text, TOKEN_TTL_SECONDS: 3600, LOGIN_AS_TTL_SECONDS: 3600 });
  ways["auth's TokenSigner (built)"] = { sign: () => signer.sign(sub, 3), verify: (t) => signer.verify(t) };
} else {
  console.log('services/auth/dist not built: run `npm run build` for the TokenSigner row');
}

// Every way must accept every other way's token: the same HMAC, the same claims (a rolling update keeps sessions).
const tokens = Object.values(ways).map((way) => way.sign());
for (const way of Object.values(ways)) for (const token of tokens) if (way.verify(token).sub !== sub) throw new Error('token not accepted');

const best = Object.fromEntries(Object.keys(ways).map((name) => [name, { sign: Infinity, verify: Infinity }]));
for (let round = 0; round < rounds; round += 1) {
  for (const [name, way] of Object.entries(ways)) {
    // The text-secret ways are far slower (decision 038): fewer calls keep the run short without changing the
    // per-call figure.
    const slow = name.endsWith('as text');
    const token = way.sign();
    const n = slow ? Math.max(1, Math.floor(calls / 20)) : calls;
    // This process's CPU time, not the wall clock: on a shared machine the wall clock also counts other processes' turns.
    const time = (fn) => {
      const started = process.cpuUsage();
      for (let i = 0; i < n; i += 1) fn();
      const used = process.cpuUsage(started);
      return (used.user + used.system) / n;
    };
    best[name].sign = Math.min(best[name].sign, time(way.sign));
    best[name].verify = Math.min(best[name].verify, time(() => way.verify(token)));
  }
}

console.log(`node ${process.version}, ${calls} calls a way a round, best of ${rounds} rounds (µs of CPU a call)`);
console.log('| way | sign | verify |\n|---|---|---|');
for (const [name, { sign, verify }] of Object.entries(best)) console.log(`| ${name} | ${sign.toFixed(1)} | ${verify.toFixed(1)} |`);
