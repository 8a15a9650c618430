import { halfSheetPlacement, type Matrix, normalizeRotation, type PageBox, transformPoint } from './letter-2up.layout';

const LABEL_4X6: PageBox = { left: 0, bottom: 0, right: 288, top: 432 };

/** Where the four corners of `box` land: the placed rectangle. */
function placedRect(matrix: Matrix, box: PageBox): PageBox {
  const corners = [
    transformPoint(matrix, box.left, box.bottom),
    transformPoint(matrix, box.right, box.bottom),
    transformPoint(matrix, box.left, box.top),
    transformPoint(matrix, box.right, box.top),
  ];
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  return { left: Math.min(...xs), bottom: Math.min(...ys), right: Math.max(...xs), top: Math.max(...ys) };
}

describe('halfSheetPlacement', () => {
  it('turns a 4x6 label a quarter and places it at full size, centred in the top half', () => {
    const placement = halfSheetPlacement(LABEL_4X6, 0, 0);
    expect(placement).toMatchObject({ turned: true, scale: 1 });
    expect(placement.matrix).toEqual([0, 1, -1, 0, 522, 450]);
    expect(placedRect(placement.matrix, LABEL_4X6)).toEqual({ left: 90, bottom: 450, right: 522, top: 738 });
    expect(placement.bounds).toEqual({ left: 90, bottom: 450, right: 522, top: 738 });
  });

  it('puts the second label in the bottom half, the same way', () => {
    expect(placedRect(halfSheetPlacement(LABEL_4X6, 0, 1).matrix, LABEL_4X6)).toEqual({ left: 90, bottom: 54, right: 522, top: 342 });
  });

  it('keeps at least the 0.25 in margin from the sheet edges and the centre line', () => {
    for (const slot of [0, 1] as const) {
      const { bounds } = halfSheetPlacement(LABEL_4X6, 0, slot);
      const half = slot === 0 ? { bottom: 396, top: 792 } : { bottom: 0, top: 396 };
      expect(bounds.left).toBeGreaterThanOrEqual(18);
      expect(bounds.right).toBeLessThanOrEqual(612 - 18);
      expect(bounds.bottom).toBeGreaterThanOrEqual(half.bottom + 18);
      expect(bounds.top).toBeLessThanOrEqual(half.top - 18);
    }
  });

  it('moves a label whose box does not start at the origin', () => {
    const box = { left: 100, bottom: 50, right: 388, top: 482 };
    expect(placedRect(halfSheetPlacement(box, 0, 0).matrix, box)).toEqual({ left: 90, bottom: 450, right: 522, top: 738 });
  });

  it('undoes a page rotation: a 6x4 page shown as 4x6 (/Rotate 90) ends up the same way as an upright 4x6', () => {
    const landscape = { left: 0, bottom: 0, right: 432, top: 288 };
    const placement = halfSheetPlacement(landscape, 90, 0);
    expect(placement.turned).toBe(true);
    expect(placement.matrix).toEqual([1, 0, 0, 1, 90, 450]);
    // Corners as a viewer shows each label: the raw corner (0, 0) of the rotated page is its shown top-left, (432, 288)
    // its shown bottom-right; they land where the upright label's (0, 432) and (288, 0) do.
    const upright = halfSheetPlacement(LABEL_4X6, 0, 0).matrix;
    expect(transformPoint(placement.matrix, 0, 0)).toEqual(transformPoint(upright, 0, 432));
    expect(transformPoint(placement.matrix, 432, 288)).toEqual(transformPoint(upright, 288, 0));
  });

  it('leaves a small label upright and unscaled', () => {
    const small = { left: 0, bottom: 0, right: 288, top: 288 };
    const placement = halfSheetPlacement(small, 0, 1);
    expect(placement).toMatchObject({ turned: false, scale: 1 });
    expect(placedRect(placement.matrix, small)).toEqual({ left: 162, bottom: 54, right: 450, top: 342 });
  });

  it('shrinks only a label too large for a half in either orientation, in the orientation that loses less', () => {
    const letterSized = { left: 0, bottom: 0, right: 612, top: 792 };
    const placement = halfSheetPlacement(letterSized, 0, 0);
    expect(placement.turned).toBe(true);
    expect(placement.scale).toBeCloseTo(360 / 612, 10);
    const rect = placedRect(placement.matrix, letterSized);
    expect(rect.top - rect.bottom).toBeCloseTo(360, 6);
    expect(rect.bottom).toBeCloseTo(414, 6);
  });

  it('refuses a page box without area', () => {
    expect(() => halfSheetPlacement({ left: 0, bottom: 0, right: 0, top: 432 }, 0, 0)).toThrow(/no area/);
  });
});

describe('normalizeRotation', () => {
  it('maps any multiple of 90 to 0, 90, 180 or 270 and ignores other values as readers do', () => {
    expect([0, 90, 180, 270, 360, 450, -90, -180, 45, 1.5].map(normalizeRotation)).toEqual([0, 90, 180, 270, 0, 90, 270, 180, 0, 0]);
  });
});
