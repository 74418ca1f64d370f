import type { TemplatesType } from '@rjsf/utils';
import BaseInputTemplate from './BaseInputTemplate';
import DescriptionFieldTemplate from './DescriptionFieldTemplate';
import FieldErrorTemplate from './FieldErrorTemplate';
import FieldHelpTemplate from './FieldHelpTemplate';
import FieldTemplate from './FieldTemplate';

/** Our templates, laid over the Chakra theme's (which keeps its object, array and title templates). */
export const templates: Partial<TemplatesType> = {
  BaseInputTemplate,
  DescriptionFieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  FieldTemplate,
};
