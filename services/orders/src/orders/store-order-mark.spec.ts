import { storeOrderIdOfKey } from './store-order-mark';

describe('the imported order of a purchase key', () => {
  it('is read from a store-order key only, so a caller\'s own key that starts alike marks nothing', () => {
    expect(storeOrderIdOfKey('store-order:0F8B6C2A-1D3E-4A55-9D1A-000000000001')).toBe('0f8b6c2a-1d3e-4a55-9d1a-000000000001');
    expect(storeOrderIdOfKey('store-order:not-a-uuid')).toBeNull();
    expect(storeOrderIdOfKey('store-order:0f8b6c2a-1d3e-4a55-9d1a-000000000001-again')).toBeNull();
    expect(storeOrderIdOfKey('bulk-7:0f8b6c2a-1d3e-4a55-9d1a-000000000001')).toBeNull();
  });
});
