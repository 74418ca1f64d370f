import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useState } from 'react';
import { isSubscribed } from '../../session/session-store';
import { PlansLink } from '../scholarships/membership-gate';
import { AutoApplySetting } from './AutoApplySetting';
import { ChangePasswordDialog } from './ChangePasswordDialog';

/**
 * /auth/dashboard/setting: change password, automatic application (docs/automation.md), and the
 * subscription button by the stored flag (docs/decisions.md, "Memberships (web)").
 */
export function SettingsPage() {
  const [changing, setChanging] = useState(false);
  const subscribed = isSubscribed();
  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      <Heading as="h1" size="2xl" mb="6">
        Settings
      </Heading>
      <Stack gap="4">
        <Stack gap="3" borderWidth="1px" borderRadius="xl" bg="bg" p="6" align="flex-start">
          <Heading as="h2" size="md">
            Password
          </Heading>
          <Text color="fg.muted">Changing it signs you out on every other device.</Text>
          <Button colorPalette="brand" onClick={() => setChanging(true)}>
            Change Password
          </Button>
        </Stack>
        <AutoApplySetting />
        <Stack gap="3" borderWidth="1px" borderRadius="xl" bg="bg" p="6" align="flex-start">
          <Heading as="h2" size="md">
            Subscription
          </Heading>
          <Button asChild variant="outline" colorPalette="yellow">
            {subscribed ? (
              <RouterLink to="/auth/dashboard/plan">View Subscription Plan</RouterLink>
            ) : (
              <PlansLink>Buy Subscription Plan</PlansLink>
            )}
          </Button>
        </Stack>
      </Stack>
      <ChangePasswordDialog open={changing} onOpenChange={setChanging} />
    </Container>
  );
}
