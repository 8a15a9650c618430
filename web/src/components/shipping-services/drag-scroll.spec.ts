import { dragScrollLeft, isDrag } from './drag-scroll';

describe('drag to scroll', () => {
  it('moves the row by twice the pointer movement, against the drag direction', () => {
    expect(dragScrollLeft(100, 500, 450)).toBe(200);
    expect(dragScrollLeft(300, 500, 560)).toBe(180);
  });

  it('leaves the row where it was while the pointer has not moved', () => {
    expect(dragScrollLeft(120, 40, 40)).toBe(120);
  });

  it('treats a wobble of a few pixels as a click and anything further as a drag', () => {
    expect(isDrag(100, 103)).toBe(false);
    expect(isDrag(100, 95)).toBe(true);
  });
});
