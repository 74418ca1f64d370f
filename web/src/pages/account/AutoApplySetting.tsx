import { Heading, Link, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { MESSAGES } from '@scholarmatch/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../api/api-error';
import { autoApplyKey, autoApplyQueryOptions, saveAutoApply } from '../../api/automation';
import { scholarshipKeys } from '../../api/scholarships';
import { toaster } from '../../ui/toaster';
import { PlansLink } from '../scholarships/membership-gate';

/** What the switch does, in the reader's words (docs/automation.md). */
export const AUTO_APPLY_TEXT =
  'We apply for you to every open scholarship you match that asks for nothing beyond your profile, or only for your CV (the one you last applied with): at once to those you match today, then to new ones as they appear. Each is sent once; you will find it in My Scholarships and in your inbox.';

/**
 * Settings' automatic application switch (docs/automation.md): a member turns it on or off; anyone
 * else sees why it is off and where to get a membership. The server decides both.
 */
export function AutoApplySetting() {
  const queryClient = useQueryClient();
  const setting = useQuery(autoApplyQueryOptions);
  const [saving, setSaving] = useState(false);

  async function change(enabled: boolean) {
    setSaving(true);
    try {
      queryClient.setQueryData(autoApplyKey, await saveAutoApply(enabled));
      // Turning it on applies in the background: My Scholarships and the counts change soon after.
      void queryClient.invalidateQueries({ queryKey: scholarshipKeys.myScholarshipLists });
      toaster.create({ type: 'success', title: enabled ? MESSAGES.autoApplyOn : MESSAGES.autoApplyOff });
    } catch (error) {
      toaster.create({ type: 'error', title: failureText(error) });
    } finally {
      setSaving(false);
    }
  }

  const member = setting.data?.member ?? false;
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="xl" bg="bg" p="6" align="flex-start">
      <Heading as="h2" size="md">
        Automatic application
      </Heading>
      <Text color="fg.muted">{AUTO_APPLY_TEXT}</Text>
      {setting.isPending ? (
        <Skeleton height="6" width="56" />
      ) : (
        <Switch.Root
          checked={setting.data?.enabled ?? false}
          disabled={!member || saving}
          onCheckedChange={({ checked }) => void change(checked)}
          colorPalette="brand"
        >
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>Apply automatically</Switch.Label>
        </Switch.Root>
      )}
      {setting.data && !member ? (
        <Text fontSize="sm">
          Automatic application is for members.{' '}
          <Link asChild color="brand.fg" fontWeight="medium">
            <PlansLink>See the plans</PlansLink>
          </Link>
        </Text>
      ) : null}
      {setting.error ? <Text color="fg.error">{failureText(setting.error)}</Text> : null}
    </Stack>
  );
}
