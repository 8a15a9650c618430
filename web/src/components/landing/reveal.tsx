import { Box } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type { ReactElement, ReactNode } from 'react';

/** Spec section 9: a landing section animates in once 10% of it is visible. */
const VISIBLE_RATIO = 0.1;

const prefersReducedMotion = (): boolean => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Visibility is a `data-visible` attribute the styles follow, so the prerendered landing page carries both states and
 * its script (web/public/landing.js) reveals sections by setting the attribute.
 */
export const Reveal = ({ children }: { children: ReactNode }): ReactElement => {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(
    // Prerendered (no window), sections start hidden: the landing page's script reveals them as the app would.
    () => typeof window !== 'undefined' && (typeof IntersectionObserver === 'undefined' || prefersReducedMotion()),
  );

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
      data-reveal=""
      data-visible={visible ? '' : undefined}
      opacity={0}
      transform="translateY(16px)"
      transition="opacity 0.6s ease, transform 0.6s ease"
      css={{ '&[data-visible]': { opacity: 1, transform: 'none' } }}
    >
      {children}
    </Box>
  );
};
