import { auditActorText, auditTargetText, describeChange, userTargetText } from './describe-change';

describe('describeChange', () => {
  it('names each field of a user that changed, with money in dollars', () => {
    const before = { name: 'Ann', role: 'user', activation: 'allow', referralCode: 'ANN1', balanceCents: 1000 };
    expect(describeChange(before, { ...before, role: 'friend', balanceCents: 5000 })).toEqual(['role: user → friend', 'balance: $10.00 → $50.00']);
  });

  it('names the referral bonus fields that changed, with money in dollars', () => {
    const before = { amountCents: 0, recipients: 'referred', minimumFirstTopUpCents: 0 };
    expect(describeChange(before, { amountCents: 500, recipients: 'both', minimumFirstTopUpCents: 2000 })).toEqual([
      'bonus: $0.00 → $5.00',
      'who gets it: referred → both',
      'minimum first top-up: $0.00 → $20.00',
    ]);
  });

  it('says a deleted user was removed', () => {
    expect(describeChange({ name: 'Ann' }, null)).toEqual(['removed']);
  });

  it('finds the service that changed in a list, by id, and ignores the rest', () => {
    const a = { id: 's1', name: 'USPS Ground Advantage', enabled: true, prices: [{ fromWeight: 1, toWeight: 70, price: 500 }] };
    const b = { id: 's2', name: 'USPS Priority Mail', enabled: true, prices: [] };
    const lines = describeChange([a, b], [a, { ...b, enabled: false }]);
    expect(lines).toEqual(['USPS Priority Mail: enabled: true → false']);
  });

  it('reads price tiers (in cents) as ranges with dollar prices', () => {
    const before = { id: 's1', name: 'Ground', prices: [{ fromWeight: 1, toWeight: 70, price: 500 }] };
    const after = { ...before, prices: [{ fromWeight: 1, toWeight: 10, price: 450 }, { fromWeight: 11, toWeight: 70, price: 600 }] };
    expect(describeChange(before, after)).toEqual(['prices: 1–70 lb $5.00 → 1–10 lb $4.50, 11–70 lb $6.00']);
  });

  it("reads a service's prices per country group by the groups' names (decision 116)", () => {
    const before = { id: 's1', name: 'Priority Mail International' };
    const after = { ...before, groupPrices: { canada: [{ fromWeight: 1, toWeight: 5, price: 5_500 }, { fromWeight: 6, toWeight: 66, price: 8_000 }] } };
    expect(describeChange(before, after)).toEqual(['prices abroad: — → Canada 1–5 lb $55.00, 6–66 lb $80.00']);
  });

  it("reads a service's switch to carrier cost + markup as its mode, percent and fixed markup in dollars", () => {
    const before = { id: 's1', name: 'UPS Ground', pricingMode: 'tiers', markupPercent: 0, markupCents: 0 };
    const after = { ...before, pricingMode: 'cost_markup', markupPercent: 10, markupCents: 50 };
    expect(describeChange([before], [after])).toEqual(['UPS Ground: pricing: tiers → cost_markup', 'UPS Ground: markup %: 0 → 10', 'UPS Ground: fixed markup: $0.00 → $0.50']);
  });

  it('reports services added or removed by a sync', () => {
    expect(describeChange([{ id: 'a', name: 'Old' }], [{ id: 'b', name: 'New' }])).toEqual(['New: added', 'Old: removed']);
  });

  it('has nothing to say when nothing changed or there is no state (signing in as a user)', () => {
    expect(describeChange({ role: 'user' }, { role: 'user' })).toEqual([]);
    expect(describeChange(null, null)).toEqual([]);
  });
});

describe('the user an audit entry was about', () => {
  it('is named by the name and e-mail kept with the entry, even after the user was deleted', () => {
    expect(userTargetText({ targetId: 'u1', targetName: 'Dora Deleted', targetEmail: 'dora@example.com' })).toBe('Dora Deleted (dora@example.com)');
  });

  it('falls back to what was kept, and to the id only when nothing was', () => {
    expect(userTargetText({ targetId: 'u1', targetName: null, targetEmail: 'dora@example.com' })).toBe('dora@example.com');
    expect(userTargetText({ targetId: 'u1', targetName: null, targetEmail: null })).toBe('User u1');
    expect(userTargetText({ targetId: null, targetName: null, targetEmail: null })).toBe('—');
  });
});

describe('what an audit entry was about', () => {
  const nobody = { targetName: null, targetEmail: null };

  it('names the kind of thing and its id when it was not a user', () => {
    expect(auditTargetText({ targetType: 'default-services', targetId: null, ...nobody })).toBe('All default services');
    expect(auditTargetText({ targetType: 'default-service', targetId: 's1', ...nobody })).toBe('Default service s1');
    expect(auditTargetText({ targetType: 'order', targetId: 'o1', ...nobody })).toBe('Order o1');
    expect(auditTargetText({ targetType: 'bulk-order', targetId: 'b1', ...nobody })).toBe('Batch b1');
    expect(auditTargetText({ targetType: 'api-key', targetId: 'k1', ...nobody })).toBe('API key k1');
    expect(auditTargetText({ targetType: 'referral-bonus', targetId: null, ...nobody })).toBe('Referral bonus');
  });

  it('names a user by the name and e-mail kept with the entry', () => {
    expect(auditTargetText({ targetType: 'user', targetId: 'u1', targetName: 'Ann', targetEmail: 'ann@example.com' })).toBe('Ann (ann@example.com)');
  });
});

describe('who did an audited action', () => {
  it('is the admin, by name when it was kept, else by id', () => {
    expect(auditActorText({ actorId: 'a1', actorName: 'Root', actingAsId: null, actingAsName: null })).toBe('Root');
    expect(auditActorText({ actorId: 'a1', actorName: null, actingAsId: null, actingAsName: null })).toBe('a1');
  });

  it('is the admin as the customer when the admin was signed in as one', () => {
    expect(auditActorText({ actorId: 'a1', actorName: 'Root', actingAsId: 'u1', actingAsName: 'Ann' })).toBe('Root as Ann');
    expect(auditActorText({ actorId: 'a1', actorName: 'Root', actingAsId: 'u1', actingAsName: null })).toBe('Root as u1');
  });
});
