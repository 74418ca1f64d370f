import { Box } from '@chakra-ui/react';
import { CONTACT_SENDER_NAME } from '@scholarmatch/schemas';
import contact from '../../../content/pages/contact.md';
import { SupportForm } from '../support/SupportForm';
import { ContentPage } from './ContentPage';

/** /contact (docs/support.md): how we answer (content/pages/contact.md), and the served contact form (e-mail, phone, message). */
export function ContactPage() {
  return (
    <ContentPage page={contact}>
      <Box borderWidth="1px" borderRadius="2xl" p={{ base: '5', md: '8' }}>
        <SupportForm kind="contact" payload={{ name: CONTACT_SENDER_NAME }} submitLabel="Send" />
      </Box>
    </ContentPage>
  );
}
