import { Badge, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '@scholarmatch/schemas';
import { useQuery } from '@tanstack/react-query';
import { failureText } from '../../api/api-error';
import { ownSupportRequestsQueryOptions, type OwnSupportRequest } from '../../api/support';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { ServerHtml } from '../../forms/ServerHtml';
import { RouteLoading } from '../misc/RouteLoading';

/** A request's status in words: waiting (with the reply-time promise) or answered. */
const STATUS = {
  received: { label: 'Waiting for an answer', palette: 'orange' },
  answered: { label: 'Answered', palette: 'green' },
} as const;

function RequestCard({ request }: { request: OwnSupportRequest }) {
  const status = STATUS[request.status];
  const title = request.query ?? 'Message from the contact page';
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '4', md: '5' }} aria-label={title}>
      <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Stack gap="0.5" minW="0">
          <Text fontWeight="semibold" wordBreak="break-word">
            {title}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Sent {formatDate(request.createdAt, 'shortTime')}
          </Text>
        </Stack>
        <Badge colorPalette={status.palette} size="md">
          {status.label}
        </Badge>
      </HStack>
      <Text mt="3" whiteSpace="pre-wrap" wordBreak="break-word">
        {request.description}
      </Text>
      {request.status === 'answered' && request.answerHtml ? (
        <Box mt="4" borderInlineStartWidth="3px" borderColor="brand.solid" bg="bg.subtle" borderRadius="md" px="4" py="3">
          <Text fontSize="sm" fontWeight="semibold" color="brand.fg" mb="1">
            Our answer{request.answeredAt ? `, ${formatDate(request.answeredAt, 'shortTime')}` : ''}
          </Text>
          <ServerHtml html={request.answerHtml} />
        </Box>
      ) : (
        <Text mt="3" fontSize="sm" color="fg.muted">
          Support replies typically come within 24 hours. The answer will be here and in your inbox.
        </Text>
      )}
    </Box>
  );
}

/**
 * The person's own requests, newest first, with their status and answers (docs/support.md,
 * "The person's history"). Sending a request refreshes it.
 */
export function SupportHistory() {
  const history = useQuery(ownSupportRequestsQueryOptions);
  return (
    <Box as="section" aria-labelledby="support-history-heading" mt={{ base: '8', md: '10' }}>
      <Heading as="h2" id="support-history-heading" size="lg" mb="4">
        Your requests
      </Heading>
      {history.isError ? (
        <NoticeBanner notice={{ status: 'error', text: failureText(history.error) }} />
      ) : !history.data ? (
        <RouteLoading label="Loading your requests…" />
      ) : history.data.requests.length === 0 ? (
        <Text color="fg.muted">You have not sent a request yet. What you send is listed here with our answers.</Text>
      ) : (
        <Stack as="ul" gap="3" ps="0">
          {history.data.requests.map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
          {history.data.total > history.data.requests.length ? (
            <Text as="li" listStyleType="none" fontSize="sm" color="fg.muted">
              Your {history.data.requests.length} newest requests of {history.data.total} are shown.
            </Text>
          ) : null}
        </Stack>
      )}
    </Box>
  );
}
