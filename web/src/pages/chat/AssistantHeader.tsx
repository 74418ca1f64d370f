import { Box, Button, Container, Flex } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { Logo } from '../landing/Logo';

/**
 * The header of the chat and of the forgot-password page (docs/chat.md, "In the browser"): the logo, and a way
 * across: from the chat to the manual sign-up ('Sign Up Manually'), from the manual recovery back
 * to the chat ('Login with LennyAI').
 */
export function AssistantHeader({ action }: { action: 'signUpManually' | 'loginWithLenny' }) {
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg">
      <Container maxW="5xl">
        <Flex h="16" align="center" justify="space-between" gap="4">
          <Logo compactOnPhone />
          <Button asChild colorPalette="brand" size="sm">
            {action === 'signUpManually' ? (
              <RouterLink to="/signup">Sign Up Manually</RouterLink>
            ) : (
              <RouterLink to="/chatbot" search={{ start: 'login' }}>
                Login with LennyAI
              </RouterLink>
            )}
          </Button>
        </Flex>
      </Container>
    </Box>
  );
}
