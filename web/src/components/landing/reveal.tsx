import { Box } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type { ReactElement, ReactNode } from 'react';

/** Spec section 9: a landing section animates in once 10% of it is visible. */
const VISIBLE_RATIO = 0.1;

const prefersReducedMotion = (): boolean => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

export const Reveal = ({ children }: { children: ReactNode }): ReactElement => {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined' || prefersReducedMotion());

  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: VISIBLE_RATIO },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  return (
    <Box
      ref={ref}
      opacity={visible ? 1 : 0}
      transform={visible ? 'none' : 'translateY(16px)'}
      transition="opacity 0.6s ease, transform 0.6s ease"
    >
      {children}
    </Box>
  );
};
