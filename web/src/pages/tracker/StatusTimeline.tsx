import { Text, Timeline } from '@chakra-ui/react';
import type { TrackedApplication } from '../../api/applications';
import { formatDayMonthYear } from '../../ui/dates';
import { EVENT_PALETTES, EVENT_TITLES, eventDescription, nextStep } from './status-words';

/** Why a step recorded from an application's state has the date it has. */
const BACKFILLED_NOTE = 'Recorded when tracking began: the date is its last change known.';

/**
 * An application's history as a timeline, oldest step first, each with its date; then what comes
 * next, while something does. A plain ordered list underneath, so it reads as one.
 */
export function StatusTimeline({ application }: { application: TrackedApplication }) {
  const next = nextStep(application);
  return (
    <Timeline.Root asChild size="sm" variant="solid">
      <ol aria-label={`History of ${application.title}`} style={{ listStyleType: 'none', margin: 0, padding: 0 }}>
        {application.events.map((event, index) => (
          <Timeline.Item key={index} asChild colorPalette={EVENT_PALETTES[event.status]}>
            <li>
              <Timeline.Connector>
                <Timeline.Separator />
                <Timeline.Indicator />
              </Timeline.Connector>
              <Timeline.Content gap="0.5" pb="4">
                <Timeline.Title>
                  {EVENT_TITLES[event.status]}
                  <Text as="span" color="fg.muted" fontWeight="normal">
                    {' · '}
                    <time dateTime={event.at}>{formatDayMonthYear(event.at)}</time>
                  </Text>
                </Timeline.Title>
                <Timeline.Description color="fg.muted">
                  {eventDescription(event, application)}
                  {event.backfilled ? ` ${BACKFILLED_NOTE}` : ''}
                </Timeline.Description>
              </Timeline.Content>
            </li>
          </Timeline.Item>
        ))}
        {next ? (
          <Timeline.Item asChild colorPalette="gray">
            <li>
              <Timeline.Connector>
                <Timeline.Separator />
                <Timeline.Indicator bg="bg" borderWidth="2px" borderStyle="dashed" borderColor="border.emphasized" />
              </Timeline.Connector>
              <Timeline.Content>
                <Timeline.Description color="fg.muted">{next}</Timeline.Description>
              </Timeline.Content>
            </li>
          </Timeline.Item>
        ) : null}
      </ol>
    </Timeline.Root>
  );
}
