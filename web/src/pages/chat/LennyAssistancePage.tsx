import { Box, Button, Container, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { PublicLayout } from '../landing/PublicLayout';

const WHAT_LENNY_DOES = [
  { title: 'Sign up in a conversation', text: 'Lenny asks the questions of our sign-up form one at a time and checks each answer as you go.' },
  { title: 'Log in, or get back in', text: 'Forgot your password? Lenny e-mails you a code and lets you choose a new one, without leaving the chat.' },
  { title: 'Then, your matches', text: 'Once you are in, your profile decides which scholarships you can apply to, and how much they are worth.' },
];

/** /lennyAssistance: the chat assistant's landing page, with Start Chat (docs/chat.md, "In the browser"). */
export function LennyAssistancePage() {
  return (
    <PublicLayout>
      <Box bg="brand.900" color="white">
        <Container maxW="5xl" py={{ base: '14', md: '20' }}>
          <Stack gap="6" maxW="2xl">
            <Heading as="h1" size={{ base: '3xl', md: '4xl' }} lineHeight="1.15">
              Meet Lenny, your scholarship assistant
            </Heading>
            <Text fontSize="lg" color="whiteAlpha.900">
              Prefer talking to filling in forms? Lenny signs you up or logs you in by chat, one question at a time. It is free,
              like everything for students here.
            </Text>
            <Button asChild size="lg" colorPalette="yellow" alignSelf="flex-start">
              <RouterLink to="/chatbot">Start Chat</RouterLink>
            </Button>
          </Stack>
        </Container>
      </Box>
      <Container maxW="5xl" py={{ base: '12', md: '16' }}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {WHAT_LENNY_DOES.map((item) => (
            <Stack key={item.title} gap="2" borderWidth="1px" borderRadius="xl" p="6" bg="bg">
              <Heading as="h2" size="md">
                {item.title}
              </Heading>
              <Text color="fg.muted">{item.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Stack gap="3" mt="12">
          <Heading as="h2" size="lg">
            Good to know
          </Heading>
          <List.Root ps="5" gap="2" color="fg.muted">
            <List.Item>Your answers are checked with the same rules as our sign-up form, so nothing is asked twice.</List.Item>
            <List.Item>Passwords are never shown back in the chat.</List.Item>
            <List.Item>A chat you leave for 30 minutes ends; you can always start a new one.</List.Item>
          </List.Root>
        </Stack>
      </Container>
    </PublicLayout>
  );
}
