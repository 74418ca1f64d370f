import type { RegistryFieldsType } from '@rjsf/utils';
import GradeField from './GradeField';
import { LazyEssayField } from '../widgets/lazy-widgets';

/** Every custom field a served `ui:field` may name. */
export const fields: RegistryFieldsType = {
  grade: GradeField,
  essay: LazyEssayField,
};
