import { Box, Heading, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { activityQueryOptions, type ActivityDay } from '../../../api/review';
import { formatDate } from './review-labels';

const WIDTH = 600;
const HEIGHT = 120;
const GAP = 2;

/** The bars: drawn only, the numbers are in the table beside them for screen readers. */
function Bars({ days }: { days: ActivityDay[] }) {
  const highest = Math.max(1, ...days.map((day) => day.count));
  const slot = WIDTH / days.length;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" height={HEIGHT} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <line x1="0" x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} stroke="var(--chakra-colors-border)" />
      {days.map((day, index) => {
        const height = (day.count / highest) * (HEIGHT - 8);
        return (
          <rect key={day.date} x={index * slot + GAP / 2} y={HEIGHT - height} width={Math.max(1, slot - GAP)} height={height} rx="2" fill="var(--chakra-colors-brand-solid)">
            <title>{`${formatDate(day.date)}: ${day.count}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}

/**
 * Applications per day (docs/review.md, "Activity"): a small SVG bar chart, and the same figures
 * as a table only screen readers see.
 */
export function ActivityChart({ scholarshipId }: { scholarshipId: string }) {
  const headingId = useId();
  const activity = useQuery(activityQueryOptions(scholarshipId));
  const days = activity.data ?? [];
  const total = days.reduce((sum, day) => sum + day.count, 0);
  return (
    <Stack as="section" aria-labelledby={headingId} gap="2" borderWidth="1px" borderRadius="xl" bg="bg" p="4">
      <Heading as="h2" size="sm" id={headingId}>
        Applications per day
      </Heading>
      {activity.error ? <Text color="fg.muted" fontSize="sm">The activity could not be loaded.</Text> : null}
      {!activity.data && !activity.error ? <Skeleton height={`${HEIGHT}px`} /> : null}
      {days.length ? (
        <>
          <Text fontSize="sm" color="fg.muted">
            {total} in the last {days.length} days ({formatDate(days[0].date)} – {formatDate(days[days.length - 1].date)})
          </Text>
          <Box>
            <Bars days={days} />
          </Box>
          <VisuallyHidden>
            <table>
              <caption>Applications per day, oldest first</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Applications</th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{formatDate(day.date)}</th>
                    <td>{day.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        </>
      ) : null}
    </Stack>
  );
}
