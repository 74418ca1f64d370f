import type { RegistryFieldsType } from '@rjsf/utils';
import EssayField from './EssayField';
import GradeField from './GradeField';

/** Every custom field a served `ui:field` may name. */
export const fields: RegistryFieldsType = {
  grade: GradeField,
  essay: EssayField,
};
