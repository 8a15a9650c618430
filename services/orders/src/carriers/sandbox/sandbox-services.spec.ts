import { SHIPPING_SERVICE_CATALOG } from '../catalog/shipping-service-catalog';
import { SANDBOX_COURIER_SERVICES, SANDBOX_SERVICES, SANDBOX_SHIPPING_SERVICES } from './sandbox-services';

describe('the services the sandbox sells', () => {
  it('are every service of the catalog but UPS and FedEx abroad, domestic first, a new domestic one included only once its label mark is set', () => {
    const domestic = SHIPPING_SERVICE_CATALOG.filter((service) => service.lanes === 'domestic').map((service) => service.uid);
    // UPS and FedEx abroad are sold through EasyPost only (decision 123).
    const abroad = SHIPPING_SERVICE_CATALOG.filter((service) => service.lanes === 'international' && service.courier !== 'ups' && service.courier !== 'fedex').map((service) => service.uid);
    const sold = SANDBOX_SHIPPING_SERVICES.map((service) => service.uid);
    expect(sold.slice(0, domestic.length)).toEqual(domestic);
    expect([...sold.slice(domestic.length)].sort()).toEqual([...abroad].sort());
  });

  it('keep the three USPS services with their Service Type Codes and banners', () => {
    expect(SANDBOX_SERVICES.map(({ uid, serviceTypeCode, bannerText, iconLetter }) => [uid, serviceTypeCode, bannerText, iconLetter])).toEqual([
      ['usps_priority', '055', 'USPS PRIORITY MAIL', 'P'],
      ['usps_priority_express', '701', 'PRIORITY MAIL EXPRESS', 'E'],
      ['usps_ground_advantage', '001', 'USPS GROUND ADVANTAGE', 'G'],
    ]);
  });

  it('give each UPS service its 1Z service code and FedEx none', () => {
    expect(SANDBOX_COURIER_SERVICES.map(({ uid, upsServiceCode }) => [uid, upsServiceCode])).toEqual([
      ['ups_ground', '03'],
      ['ups_3_day_select', '12'],
      ['ups_2nd_day_air', '02'],
      ['ups_next_day_air', '01'],
      ['fedex_ground', null],
      ['fedex_express_saver', null],
      ['fedex_2_day', null],
      ['fedex_standard_overnight', null],
    ]);
  });
});
