import { HStack, List, Text } from '@chakra-ui/react';

function CheckIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="10" fill="currentColor" />
      <path d="m6 10.5 2.5 2.5L14 7.5" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
    </svg>
  );
}

/** A plan's benefit lines, each with a check mark. */
export function Benefits({ benefits, label }: { benefits: string[]; label?: string }) {
  return (
    <List.Root listStyleType="none" gap="2.5" m="0" p="0" aria-label={label}>
      {benefits.map((benefit) => (
        <List.Item key={benefit}>
          <HStack gap="2.5" align="flex-start">
            <Text as="span" color="brand.500" mt="0.5" flexShrink={0}>
              <CheckIcon />
            </Text>
            <Text as="span">{benefit}</Text>
          </HStack>
        </List.Item>
      ))}
    </List.Root>
  );
}
