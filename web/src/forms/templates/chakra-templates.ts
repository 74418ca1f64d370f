import type { TemplatesType } from '@rjsf/utils';
import AddButton from '@rjsf/chakra-ui/lib/AddButton/index.js';
import ArrayFieldItemTemplate from '@rjsf/chakra-ui/lib/ArrayFieldItemTemplate/index.js';
import ArrayFieldTemplate from '@rjsf/chakra-ui/lib/ArrayFieldTemplate/index.js';
import GridTemplate from '@rjsf/chakra-ui/lib/GridTemplate/index.js';
import { ClearButton, CopyButton, MoveDownButton, MoveUpButton, RemoveButton } from '@rjsf/chakra-ui/lib/IconButton/index.js';
import MultiSchemaFieldTemplate from '@rjsf/chakra-ui/lib/MultiSchemaFieldTemplate/index.js';
import ObjectFieldTemplate from '@rjsf/chakra-ui/lib/ObjectFieldTemplate/index.js';
import OptionalDataControlsTemplate from '@rjsf/chakra-ui/lib/OptionalDataControlsTemplate/index.js';
import SubmitButton from '@rjsf/chakra-ui/lib/SubmitButton/index.js';
import TitleField from '@rjsf/chakra-ui/lib/TitleField/index.js';
import WrapIfAdditionalTemplate from '@rjsf/chakra-ui/lib/WrapIfAdditionalTemplate/index.js';

/**
 * The Chakra theme's templates that ours (./index.ts) do not replace: objects, arrays, titles and
 * buttons. Imported one by one rather than through `@rjsf/chakra-ui`'s `Templates`, which also
 * brings its input template and widgets, whose module reads Chakra's `defaultSystem` and with it
 * every default recipe (web/src/app/theme.ts keeps only the ones the app uses).
 *
 * Two are left to RJSF's plain defaults because no served form shows them, and the Chakra ones
 * bring an alert with an icon set of its own: the error list (SchemaForm shows each message under
 * its field, `showErrorList={false}`) and the expander of recursive schemas (the compiler never
 * writes a `$ref`).
 */
export const chakraTemplates: Partial<TemplatesType> = {
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  ButtonTemplates: { AddButton, ClearButton, CopyButton, MoveDownButton, MoveUpButton, RemoveButton, SubmitButton },
  GridTemplate,
  MultiSchemaFieldTemplate,
  ObjectFieldTemplate,
  OptionalDataControlsTemplate,
  TitleFieldTemplate: TitleField,
  WrapIfAdditionalTemplate,
};
