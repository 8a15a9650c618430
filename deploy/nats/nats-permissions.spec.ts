import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as contracts from '@labeldesk/contracts';
import type { AnyRpcContract, ServiceName } from '@labeldesk/contracts';

/**
 * deploy/nats/nats.conf is written by hand beside the contracts. A contract that lets a service call it (`services:
 * ['orders']`) while the configuration does not let that service publish its subject works in the embedded mode and
 * fails only in the distributed one, at the first call (the rates comparison did, issue 45). These checks read both.
 */
const CONF = readFileSync(join(__dirname, 'nats.conf'), 'utf8').replace(/#[^\n]*/g, '');

/** The text of the bracketed or braced value that starts at `open` (nested brackets counted). */
const bracketed = (text: string, open: number): string => {
  const pairs: Record<string, string> = { '[': ']', '{': '}' };
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i] as string;
    if (pairs[c]) stack.push(pairs[c] as string);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return text.slice(open, i + 1);
    }
  }
  throw new Error(`unclosed bracket at ${open}`);
};

const quoted = (text: string): string[] => [...text.matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);

interface PublishRule {
  allow: string[];
  deny: string[];
}

/** One process's publish permissions: a plain list is all allowed; `{allow, deny}` as written. */
const publishRuleOf = (conf: string, process: string): PublishRule => {
  const user = conf.indexOf(`user: "CN=${process}"`);
  if (user < 0) throw new Error(`no NATS user for ${process}`);
  const key = conf.indexOf('publish:', user);
  const open = conf.slice(key).search(/[[{]/) + key;
  const value = bracketed(conf, open);
  if (value.startsWith('[')) return { allow: quoted(value), deny: [] };
  const part = (name: string): string[] => {
    const at = value.indexOf(`${name}:`);
    return at < 0 ? [] : quoted(bracketed(value, value.indexOf('[', at)));
  };
  return { allow: part('allow'), deny: part('deny') };
};

/** NATS subject matching: `*` one token, `>` one or more trailing tokens. */
const subjectMatches = (pattern: string, subject: string): boolean => {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length || (p[i] !== '*' && p[i] !== s[i])) return false;
  }
  return p.length === s.length;
};

const mayPublish = (rule: PublishRule, subject: string): boolean =>
  rule.allow.some((p) => subjectMatches(p, subject)) && !rule.deny.some((p) => subjectMatches(p, subject));

const isRpc = (value: unknown): value is AnyRpcContract =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'rpc' && typeof (value as { subject?: unknown }).subject === 'string';

/** Every RPC contract the contracts library exports, found in its `…Rpc` groups. */
const everyRpc = (): AnyRpcContract[] =>
  Object.values(contracts as Record<string, unknown>).flatMap((group) =>
    typeof group === 'object' && group !== null ? Object.values(group as Record<string, unknown>).filter(isRpc) : [],
  );

describe('NATS permissions follow the contracts', () => {
  const rpcs = everyRpc();
  const calls: Array<[ServiceName, string]> = rpcs.flatMap((rpc) =>
    rpc.access.services.filter((caller) => !rpc.subject.startsWith(`${caller}.`)).map((caller): [ServiceName, string] => [caller, rpc.subject]),
  );

  it('finds the contracts, and services calling other services among them', () => {
    expect(rpcs.length).toBeGreaterThan(50);
    expect(calls).toContainEqual(['orders', 'pricing.rate-offerings.v1']);
  });

  it.each(calls)('lets %s publish %s, which its contract lets it call', (caller, subject) => {
    expect(mayPublish(publishRuleOf(CONF, caller), subject)).toBe(true);
  });

  it('would fail for a subject a service may not publish', () => {
    expect(mayPublish(publishRuleOf(CONF, 'orders'), 'payments.deposit.create.v1')).toBe(false);
    expect(mayPublish(publishRuleOf(CONF, 'gateway'), 'payments.ledger.debit.v1')).toBe(false);
    expect(mayPublish(publishRuleOf(CONF, 'gateway'), 'pricing.quote.create.v1')).toBe(true);
  });

  it('matches NATS wildcards as the server does', () => {
    expect(subjectMatches('orders.>', 'orders.bulk.progressed.v1')).toBe(true);
    expect(subjectMatches('orders.>', 'orders')).toBe(false);
    expect(subjectMatches('orders.*.v1', 'orders.rates.v1')).toBe(true);
    expect(subjectMatches('orders.*.v1', 'orders.rates.list.v1')).toBe(false);
    expect(subjectMatches('pricing.quote.create.v1', 'pricing.quote.create.v2')).toBe(false);
  });
});
