import { byCategory, serviceHelp, skuOptionText } from './package-options';

const service = (name: string, category: string) => ({ uid: name, name, category, maxWeight: 70 });

describe("the Order Label form's package options", () => {
  it('groups services by category in the order the server sent them, with uncategorised ones under Other', () => {
    const groups = byCategory([service('Priority', 'USPS'), service('Local', ''), service('Ground', 'USPS')]);
    expect(groups.map(([category, group]) => [category, group.map((item) => item.name)])).toEqual([
      ['USPS', ['Priority', 'Ground']],
      ['Other', ['Local']],
    ]);
  });

  it('says under the Service select whether services are loading, failed, missing, or how heavy a parcel may be', () => {
    expect(serviceHelp('loading', 0, 70)).toBe('Loading services…');
    expect(serviceHelp('error', 0, 70)).toBe('Failed to load services. Reload the page to try again.');
    expect(serviceHelp('ready', 0, 70)).toBe('No services are available to you yet. Contact support.');
    expect(serviceHelp('ready', 2, 70)).toBe('Parcels up to 70 lb.');
  });

  it('names a saved SKU by its code, then its description when it has one', () => {
    expect(skuOptionText({ sku: 'MUG-1', description: 'Blue mug' })).toBe('MUG-1 — Blue mug');
    expect(skuOptionText({ sku: 'MUG-1', description: '' })).toBe('MUG-1');
  });
});
