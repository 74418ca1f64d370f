import type { RegistryWidgetsType } from '@rjsf/utils';
import CheckboxWidget from './CheckboxWidget';
import DateWidget from './DateWidget';
import EditorWidget from './EditorWidget';
import MonthYearWidget from './MonthYearWidget';
import MultiSelectWidget from './MultiSelectWidget';
import PhoneWidget from './LazyPhoneWidget';
import RadioWidget from './RadioWidget';
import SearchSelectWidget from './SearchSelectWidget';
import SelectWidget from './SelectWidget';
import TextareaWidget from './TextareaWidget';
import UploadWidget from './UploadWidget';

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
  searchSelect: SearchSelectWidget,
  multiSelect: MultiSelectWidget,
  monthYear: MonthYearWidget,
  phone: PhoneWidget,
  editor: EditorWidget,
  upload: UploadWidget,
};
