import { Box, HStack, IconButton } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}

function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

interface CarouselProps {
  /** The carousel's name ('What members say'). */
  label: string;
  /** What one slide is called in the controls: 'Previous testimonial'. */
  itemName: string;
  slides: ReactNode[];
  /** Moves on by itself every so often, until the person uses the controls or points at it. */
  rotateEveryMs?: number;
  /** Drawn on a coloured background: light controls. */
  onColor?: boolean;
}

/**
 * One slide at a time with previous / next controls and a dot per slide. It rotates on its own
 * only while nobody is reading it (pointer or focus inside stops it, a control stops it for good)
 * and never for people who ask for reduced motion; the slide then on screen is announced politely.
 */
export function Carousel({ label, itemName, slides, rotateEveryMs, onColor = false }: CarouselProps) {
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  const [stopped, setStopped] = useState(false);
  const rotating = Boolean(rotateEveryMs) && !held && !stopped && slides.length > 1 && !prefersReducedMotion();

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % slides.length), rotateEveryMs);
    return () => clearInterval(timer);
  }, [rotating, rotateEveryMs, slides.length]);

  const step = (by: number) => {
    setStopped(true);
    setIndex((current) => (current + by + slides.length) % slides.length);
  };

  const control = onColor
    ? { color: 'inherit', borderColor: 'whiteAlpha.700', _hover: { bg: 'whiteAlpha.300' } }
    : { colorPalette: 'brand' };
  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <Box role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${slides.length}`} aria-live={rotating ? 'off' : 'polite'}>
        {slides[index]}
      </Box>
      {slides.length > 1 ? (
        <HStack justify="center" gap="3" mt="4">
          <IconButton aria-label={`Previous ${itemName}`} size="sm" variant="outline" rounded="full" {...control} onClick={() => step(-1)}>
            <Chevron direction="left" />
          </IconButton>
          <HStack gap="1.5" aria-hidden="true">
            {slides.map((_, dot) => (
              <Box key={dot} w="2" h="2" rounded="full" bg="currentColor" color={onColor ? 'inherit' : 'brand.solid'} opacity={dot === index ? 1 : 0.35} />
            ))}
          </HStack>
          <IconButton aria-label={`Next ${itemName}`} size="sm" variant="outline" rounded="full" {...control} onClick={() => step(1)}>
            <Chevron direction="right" />
          </IconButton>
        </HStack>
      ) : null}
    </Box>
  );
}
