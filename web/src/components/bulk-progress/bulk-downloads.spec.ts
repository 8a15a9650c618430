import { bulkFileFallbackName, downloadPercent, ESTIMATE_CAP_PERCENT } from '../../libs/download-file';

describe('bulk download helpers', () => {
  it('names files per spec 9 when the server sends no name', () => {
    const date = new Date(2026, 2, 7);
    expect(bulkFileFallbackName('pdf', date)).toBe('Labels_3-7.pdf');
    expect(bulkFileFallbackName('result-csv', date)).toBe('Order_Results_3-7.csv');
    expect(bulkFileFallbackName('auto-csv', date)).toBe('Auto_Confirm_3-7.tsv');
    expect(bulkFileFallbackName('zpl', date)).toBe('Labels_3-7.zpl');
  });

  it('reports exact progress with a length, and an estimate capped at 90 % without one', () => {
    expect(downloadPercent(50, 200)).toBe(25);
    expect(downloadPercent(300, 200)).toBe(100);
    expect(downloadPercent(0, null)).toBe(0);
    expect(downloadPercent(1024 * 1024 * 1024, null)).toBe(ESTIMATE_CAP_PERCENT);
    expect(downloadPercent(1024 * 1024, null)).toBeLessThan(ESTIMATE_CAP_PERCENT);
  });
});
