/** Spec 2 "Default services": the card rows scroll horizontally by drag at 2x speed. */
export const DRAG_SCROLL_SPEED = 2;

/** A pointer that moved less than this is a click, not a drag. */
export const DRAG_CLICK_TOLERANCE_PX = 5;

/** Where the row's scrollLeft goes while dragging: the content follows the pointer, twice as far. */
export const dragScrollLeft = (startScrollLeft: number, startX: number, x: number, speed: number = DRAG_SCROLL_SPEED): number =>
  startScrollLeft - (x - startX) * speed;

/** Whether a pointer that went down at startX and is now at x has become a drag (so the click it ends with is not one). */
export const isDrag = (startX: number, x: number): boolean => Math.abs(x - startX) >= DRAG_CLICK_TOLERANCE_PX;
