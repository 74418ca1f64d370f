import { Box, Text } from '@chakra-ui/react';
import { errorId, type FieldErrorProps } from '@rjsf/utils';

/**
 * The messages under a field. Its id is the one each control's `aria-describedby` names, so a
 * screen reader reads the message with the field. Plain text rather than Chakra's
 * `Field.ErrorText`, which needs a `Field.Root` that object-level errors do not have.
 */
export default function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  const messages = errors.filter((message) => message !== '' && message != null);
  if (messages.length === 0) return null;
  return (
    <Box id={errorId(fieldPathId)} color="fg.error" textStyle="sm" aria-live="polite">
      {messages.map((message, index) => (
        <Text key={index}>{message}</Text>
      ))}
    </Box>
  );
}
