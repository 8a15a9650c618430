import { machineSpeed } from './machine-speed.mjs';

describe('machineSpeed', () => {
  it('reports the fastest and the median time of a pass, the fastest never above the median', () => {
    const { minMs, medianMs } = machineSpeed(3);
    expect(minMs).toBeGreaterThan(0);
    expect(medianMs).toBeGreaterThanOrEqual(minMs);
  });
});
