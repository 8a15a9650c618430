import { Flex } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import { useDragScroll } from './use-drag-scroll';

interface DragScrollRowProps {
  /** Names the region for screen readers and keyboard users (it is focusable, so arrow keys scroll it). */
  label: string;
  children: ReactNode;
}

/** A row of cards that scrolls sideways: drag it with the mouse (2x speed), the wheel, or the arrow keys once focused. */
export const DragScrollRow = ({ label, children }: DragScrollRowProps): ReactElement => {
  const { dragging, handlers } = useDragScroll();
  return (
    <Flex
      role="region"
      aria-label={label}
      // Scrolls sideways by design (spec: card rows dragged at 2x speed); layout tests know it by this mark.
      data-layout="carousel"
      tabIndex={0}
      gap="4"
      align="stretch"
      overflowX="auto"
      pb="3"
      px="0.5"
      pt="0.5"
      cursor={dragging ? 'grabbing' : 'grab'}
      userSelect={dragging ? 'none' : undefined}
      rounded="md"
      outline="none"
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      data-dragging={dragging ? '' : undefined}
      {...handlers}
    >
      {children}
    </Flex>
  );
};
