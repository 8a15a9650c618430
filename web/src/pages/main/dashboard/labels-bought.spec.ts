import { labelsBoughtParts } from './labels-bought';

describe('what the Total Orders card says it counts', () => {
  it('names the labels bought singly and in batches apart', () => {
    expect(labelsBoughtParts({ singleLabels: 1, batchLabels: 60 })).toEqual({ single: '1 single', batches: '60 in batches' });
  });

  it('speaks of one batch label in the singular and of none as 0', () => {
    expect(labelsBoughtParts({ singleLabels: 0, batchLabels: 1 })).toEqual({ single: '0 single', batches: '1 in a batch' });
  });
});
