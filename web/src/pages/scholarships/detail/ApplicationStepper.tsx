import { Box, Steps, useStepsStyles, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { ApplicationStep } from './application-steps';

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true" focusable="false">
      <path d="M5 12.5 10 17.5 19 7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A done step looks done wherever it stands: Chakra's own states only know "before the current one". */
const DONE_INDICATOR = { bg: 'colorPalette.solid', borderColor: 'colorPalette.solid', color: 'colorPalette.contrast' } as const;

/**
 * Chakra's list styling on a plain ordered list: Steps.List would add tab attributes
 * (orientation, owned triggers) that are invalid on a list (docs/accessibility.md).
 */
function ProgressList({ children }: { children: ReactNode }) {
  const styles = useStepsStyles();
  return (
    <Box as="ol" aria-label="Application progress" css={{ ...styles.list, '--steps-gutter': 'spacing.1', listStyleType: 'none', m: '0', p: '0' }}>
      {children}
    </Box>
  );
}

/**
 * The application's progress as a list of steps. The current step is the first one not done (the
 * next thing to fill in); the line between steps runs up to it, and every answered step shows a
 * tick, even past it. It shows progress, it does not navigate: no step is a button.
 */
export function ApplicationStepper({ steps }: { steps: ApplicationStep[] }) {
  const firstOpen = steps.findIndex((step) => !step.done);
  return (
    <Steps.Root orientation="vertical" count={steps.length} step={firstOpen === -1 ? steps.length : firstOpen} size="sm" colorPalette="brand">
      <ProgressList>
        {steps.map((step, index) => (
          <Steps.Item key={step.key} index={index} role="listitem" minH="16" _last={{ minH: 'auto' }}>
            <Steps.Indicator {...(step.done ? DONE_INDICATOR : {})}>{step.done ? <CheckIcon /> : <Steps.Number />}</Steps.Indicator>
            <Steps.Title pt="1.5">
              {step.title}
              <VisuallyHidden>{step.done ? ' (done)' : ' (to do)'}</VisuallyHidden>
            </Steps.Title>
            <Steps.Separator />
          </Steps.Item>
        ))}
      </ProgressList>
    </Steps.Root>
  );
}
