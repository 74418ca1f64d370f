import { Text } from '@chakra-ui/react';
import { helpId, type FieldHelpProps } from '@rjsf/utils';

/** The `ui:help` hint under a field, named by the control's `aria-describedby`. */
export default function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  if (!help) return null;
  return (
    <Text id={helpId(fieldPathId)} textStyle="xs" color="fg.muted">
      {help}
    </Text>
  );
}
