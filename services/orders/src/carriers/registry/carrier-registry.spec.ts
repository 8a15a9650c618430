import type { CarrierShippingService } from '../carrier.port';
import { ScriptedCarrier, uspsShippingServices } from '../testing/scripted-carrier';
import { CarrierRegistry } from './carrier-registry';

const sandbox = () => new ScriptedCarrier('sandbox', { postage: false });

describe('CarrierRegistry', () => {
  it('keeps the carriers in the order they were listed, and finds each by its id', () => {
    const usps = new ScriptedCarrier('usps');
    const easypost = new ScriptedCarrier('easypost');
    const registry = new CarrierRegistry([usps, easypost]);

    expect(registry.ordered).toEqual([usps, easypost]);
    expect(registry.get('easypost')).toBe(easypost);
    expect(registry.get('usps')).toBe(usps);
    expect(registry.get('sandbox')).toBeUndefined();
  });

  it('prices and buys test-mode labels from the sandbox alone where real carriers sell live ones, made once, and finds a test label\'s sandbox to void or track it (decision 119)', () => {
    const usps = new ScriptedCarrier('usps');
    const testSandbox = sandbox();
    const make = jest.fn(() => new CarrierRegistry([testSandbox]));
    const registry = new CarrierRegistry([usps], make);

    expect(registry.forMode('live')).toBe(registry);
    expect(make).not.toHaveBeenCalled();
    expect(registry.forMode('test').ordered).toEqual([testSandbox]);
    expect(registry.forMode('test')).toBe(registry.forMode('test'));
    expect(make).toHaveBeenCalledTimes(1);
    expect(registry.get('sandbox')).toBe(testSandbox);
    expect(registry.get('easypost')).toBeUndefined();
  });

  it('uses its own sandbox for test mode when the sandbox is the carrier of live labels too', () => {
    const registry = new CarrierRegistry([sandbox()], () => {
      throw new Error('not made: the sandbox is here already');
    });
    expect(registry.forMode('test')).toBe(registry);
  });

  it('refuses to start with no carrier', () => {
    expect(() => new CarrierRegistry([])).toThrow('The carrier registry needs at least one carrier');
  });

  it('refuses a carrier listed twice', () => {
    expect(() => new CarrierRegistry([new ScriptedCarrier('easypost'), new ScriptedCarrier('usps'), new ScriptedCarrier('easypost')])).toThrow(
      'A carrier is listed twice: easypost, usps, easypost',
    );
  });

  it('takes as many purchases at once as its busiest carrier does, since a label goes to one carrier at a time', () => {
    const registry = new CarrierRegistry([new ScriptedCarrier('usps', { maxConcurrentPurchases: 4 }), new ScriptedCarrier('easypost', { maxConcurrentPurchases: 16 })]);
    expect(registry.maxConcurrentPurchases).toBe(16);
  });

  it('runs the sandbox alone, and then sells no postage', () => {
    const registry = new CarrierRegistry([sandbox()]);
    expect(registry.ordered.map((carrier) => carrier.profile.id)).toEqual(['sandbox']);
    expect(registry.sellsPostage).toBe(false);
  });

  it.each([
    ['before', ['sandbox', 'easypost']],
    ['behind', ['easypost', 'sandbox']],
  ])('refuses the sandbox %s a real carrier, whose postage its sample labels would stand in for', (_, order) => {
    const carriers = order.map((id) => (id === 'sandbox' ? sandbox() : new ScriptedCarrier('easypost')));
    expect(() => new CarrierRegistry(carriers)).toThrow(`Sample-label carriers run alone, never beside real ones: ${order.join(', ')}`);
  });

  it('sells postage when every carrier does', () => {
    expect(new CarrierRegistry([new ScriptedCarrier('easypost'), new ScriptedCarrier('usps')]).sellsPostage).toBe(true);
  });

  describe('shipping services', () => {
    const shippingService = (uid: string, name: string, maxWeightLb: number): CarrierShippingService => ({ uid, name, category: 'USPS', maxWeightLb });

    it('merges the carriers\' shipping services by uid, named as the first carrier names them, with the lowest weight limit', async () => {
      const easypost = new ScriptedCarrier('easypost', {
        shippingServices: [shippingService('usps_priority', 'Priority Mail (EasyPost)', 70), shippingService('usps_ground_advantage', 'Ground Advantage (EasyPost)', 50)],
      });
      const usps = new ScriptedCarrier('usps', {
        shippingServices: [shippingService('usps_priority', 'Priority Mail (USPS)', 60), shippingService('usps_ground_advantage', 'Ground Advantage (USPS)', 70), shippingService('usps_priority_express', 'Priority Mail Express (USPS)', 70)],
      });

      expect(await new CarrierRegistry([easypost, usps]).shippingServices()).toEqual([
        shippingService('usps_priority', 'Priority Mail (EasyPost)', 60),
        shippingService('usps_ground_advantage', 'Ground Advantage (EasyPost)', 50),
        shippingService('usps_priority_express', 'Priority Mail Express (USPS)', 70),
      ]);
    });

    it('answers a single carrier\'s shipping services as it lists them', async () => {
      expect(await new CarrierRegistry([new ScriptedCarrier('usps', { shippingServices: uspsShippingServices(70) })]).shippingServices()).toEqual(uspsShippingServices(70));
    });
  });
});
