import { useRef, useState } from 'react';
import type { MouseEvent, PointerEvent } from 'react';
import { dragScrollLeft, isDrag } from './drag-scroll';

/** Pressing on these edits or acts on a card; it never starts a drag. */
const INTERACTIVE = 'input, textarea, select, button, a, label, [role="switch"], [role="checkbox"], [contenteditable="true"]';

interface DragStart {
  pointerId: number;
  startX: number;
  startScrollLeft: number;
  moved: boolean;
}

/**
 * Mouse and pen drag on a horizontally scrolling row moves it at 2x speed (spec 2). Touch is left to the browser's
 * own panning, which already follows the finger with momentum; taking it over would also block vertical page
 * scrolling on phones. Keyboard (the row is focusable) and wheel scrolling are native and untouched.
 */
export const useDragScroll = () => {
  const drag = useRef<DragStart | null>(null);
  const swallowClick = useRef(false);
  const [dragging, setDragging] = useState(false);

  const onPointerDown = (event: PointerEvent<HTMLElement>): void => {
    if (event.button !== 0 || event.pointerType === 'touch') return;
    if (event.target instanceof Element && event.target.closest(INTERACTIVE)) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startScrollLeft: event.currentTarget.scrollLeft, moved: false };
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>): void => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    if (!current.moved) {
      if (!isDrag(current.startX, event.clientX)) return;
      current.moved = true;
      setDragging(true);
      // Keep receiving moves when the pointer leaves the row, and drop the text selection the press began.
      event.currentTarget.setPointerCapture(event.pointerId);
      window.getSelection()?.removeAllRanges();
    }
    event.currentTarget.scrollLeft = dragScrollLeft(current.startScrollLeft, current.startX, event.clientX);
  };

  const end = (event: PointerEvent<HTMLElement>): void => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!current.moved) return;
    // The button released at the end of a drag must not be pressed by it.
    swallowClick.current = true;
    setDragging(false);
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
  };

  const onClickCapture = (event: MouseEvent<HTMLElement>): void => {
    if (!swallowClick.current) return;
    swallowClick.current = false;
    event.preventDefault();
    event.stopPropagation();
  };

  return { dragging, handlers: { onPointerDown, onPointerMove, onPointerUp: end, onPointerCancel: end, onClickCapture } };
};
