import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useCan } from '../../session/session-store';
import { ChangePasswordDialog } from '../account/ChangePasswordDialog';
import { useLogout } from '../account/shell/use-logout';
import { StudioPage } from './StudioPage';

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="xl" bg="bg" p="6" align="flex-start">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** /app/settings: the password (the applicant's own dialog), the owner's API keys and webhooks, the embed settings, and logging out. */
export function ProviderSettingsPage() {
  const [changing, setChanging] = useState(false);
  const logout = useLogout();
  const owner = useCan('manage_organisation');
  const webhooks = useCan('manage_webhooks');
  const manages = useCan('manage_scholarships');
  return (
    <StudioPage title="Settings" maxW="3xl">
      <Stack gap="4">
        <Panel title="Password">
          <Text color="fg.muted">Changing it signs you out on every other device.</Text>
          <Button colorPalette="brand" onClick={() => setChanging(true)}>
            Change Password
          </Button>
        </Panel>
        {owner ? (
          <Panel title="API keys">
            <Text color="fg.muted">Let your own systems read and manage your scholarships through the API.</Text>
            <Button asChild variant="outline">
              <Link to="/app/settings/api-keys">Manage API keys</Link>
            </Button>
          </Panel>
        ) : null}
        {webhooks ? (
          <Panel title="Webhooks">
            <Text color="fg.muted">Tell your own systems at once when an application arrives, a status changes or winners are chosen.</Text>
            <Button asChild variant="outline">
              <Link to="/app/settings/webhooks">Manage webhooks</Link>
            </Button>
          </Panel>
        ) : null}
        {manages ? (
          <Panel title="Embed on your site">
            <Text color="fg.muted">Show your scholarships on your own website and see the applications they bring.</Text>
            <Button asChild variant="outline">
              <Link to="/app/settings/embed">Embed settings</Link>
            </Button>
          </Panel>
        ) : null}
        <Panel title="Log out">
          <Text color="fg.muted">Leave the studio on this device.</Text>
          <Button variant="outline" onClick={() => void logout()}>
            Logout
          </Button>
        </Panel>
      </Stack>
      <ChangePasswordDialog open={changing} onOpenChange={setChanging} />
    </StudioPage>
  );
}
