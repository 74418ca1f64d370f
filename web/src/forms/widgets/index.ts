import type { RegistryWidgetsType } from '@rjsf/utils';
import CheckboxWidget from './CheckboxWidget';
import DateWidget from './DateWidget';
import MonthYearWidget from './MonthYearWidget';
import { LazyEditorWidget, LazyMultiSelectWidget, LazyPhoneWidget, LazySearchSelectWidget, LazyUploadWidget } from './lazy-widgets';
import RadioWidget from './RadioWidget';
import SelectWidget from './SelectWidget';
import TextareaWidget from './TextareaWidget';

/**
 * Every widget a served `ui:widget` may name. RJSF looks a name up here before its own defaults,
 * so 'select', 'radio', 'checkbox', 'date' and 'textarea' also replace the widgets it picks by
 * itself (an enum gets 'select', a boolean 'checkbox', `format: date` 'date'). Text, number,
 * e-mail and link inputs go through our BaseInputTemplate.
 */
export const widgets: RegistryWidgetsType = {
  select: SelectWidget,
  radio: RadioWidget,
  checkbox: CheckboxWidget,
  date: DateWidget,
  textarea: TextareaWidget,
  searchSelect: LazySearchSelectWidget,
  multiSelect: LazyMultiSelectWidget,
  monthYear: MonthYearWidget,
  phone: LazyPhoneWidget,
  editor: LazyEditorWidget,
  upload: LazyUploadWidget,
};
