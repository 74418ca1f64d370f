import { Text } from '@chakra-ui/react';
import type { DescriptionFieldProps } from '@rjsf/utils';

/** A field's or form's description, as plain text (served schemas are data, never markup). */
export default function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <Text id={id} textStyle="sm" color="fg.muted">
      {description}
    </Text>
  );
}
