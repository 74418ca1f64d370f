import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { takeFocus, type HandoverWidgetProps } from './handover';
import { CreatableSelect, Select, type InputActionMeta, type SingleValue } from 'chakra-react-select';
import type { FieldOption } from '@scholarmatch/schemas';
import { useLayoutEffect, useRef, useState } from 'react';
import { searchableSelectProps } from './select-options';
import { useOptionSearch, useStoredOptionLabel } from './use-option-search';

interface SearchSelectOptions {
  searchUrl?: string;
  allowFreeText?: boolean;
  suggestions?: FieldOption[];
}

function searchSelectOptions(options: WidgetProps['options']): SearchSelectOptions {
  return {
    searchUrl: typeof options.searchUrl === 'string' && options.searchUrl ? options.searchUrl : undefined,
    allowFreeText: options.allowFreeText !== false,
    suggestions: Array.isArray(options.suggestions) ? (options.suggestions as FieldOption[]) : [],
  };
}

/** At most this many suggestions are listed at once: rendering hundreds of rows per keystroke is what makes typing lag. */
export const MAX_LISTED_SUGGESTIONS = 50;

/** The fixed suggestions that contain the typed text (any case), the first MAX_LISTED_SUGGESTIONS of them. */
export function matchingSuggestions(suggestions: FieldOption[], typed: string): FieldOption[] {
  const query = typed.trim().toLocaleLowerCase();
  const matches: FieldOption[] = [];
  for (const option of suggestions) {
    if (!query || option.label.toLocaleLowerCase().includes(query)) matches.push(option);
    if (matches.length === MAX_LISTED_SUGGESTIONS) break;
  }
  return matches;
}

/** react-select marks the option it makes from typed text. */
function isCreated(option: FieldOption): boolean {
  return (option as FieldOption & { __isNew__?: boolean }).__isNew__ === true;
}

/** The option to show for the stored value: a known one with its label, else the value as typed. */
function displayedOption(value: unknown, known: FieldOption[]): FieldOption | null {
  if (typeof value !== 'string' || value === '') return null;
  return known.find((option) => option.value === value) ?? { value, label: value };
}

/**
 * A text answer with suggestions (schools, cities). Suggestions come from `searchUrl?q=` as the
 * person types, or from the fixed `suggestions` list. Choosing a suggestion stores its value;
 * with `allowFreeText` the typed text can be kept: by choosing 'Use "…"' or by leaving the field.
 */
export default function SearchSelectWidget(props: HandoverWidgetProps) {
  const { id, value, options, placeholder, required, disabled, readonly, rawErrors, onChange, onBlur, onFocus, handover } = props;
  const { searchUrl, allowFreeText, suggestions = [] } = searchSelectOptions(options);
  // A search typed into the stand-in (lazy-widgets.tsx) goes on here, with the focus and the caret.
  const [inputValue, setInputValue] = useState(handover?.text ?? '');
  const search = useOptionSearch(searchUrl, inputValue);
  // The last suggestion chosen, so its label still shows after new searches replace the results.
  const [chosen, setChosen] = useState<FieldOption | null>(null);
  // Text typed since the last choice. A ref, not state: on touch devices react-select blurs the
  // input in the same event as a choice, before a state update would have cleared the text.
  const typedText = useRef(handover?.text ?? '');
  useLayoutEffect(() => takeFocus(document.getElementById(id) as HTMLInputElement | null, handover), []);

  const offered = searchUrl ? search.options : matchingSuggestions(suggestions, inputValue);
  const known = [...offered, ...suggestions, ...(chosen ? [chosen] : [])];
  const storedOption = useStoredOptionLabel(searchUrl, value, known);
  if (storedOption) known.push(storedOption);

  const store = (text: string | undefined) => onChange(text ? text : options.emptyValue);

  const handleChange = (option: SingleValue<FieldOption>) => {
    typedText.current = '';
    const chosenValue = option?.value.trim();
    // A created option is labelled 'Use "…"'; once chosen it reads as the text itself.
    setChosen(option && chosenValue ? { value: chosenValue, label: isCreated(option) ? chosenValue : option.label } : null);
    store(chosenValue);
  };

  const handleInputChange = (text: string, meta: InputActionMeta) => {
    const typed = typedText.current.trim();
    // Leaving the field with typed text keeps it, as a plain text input would.
    if (meta.action === 'input-blur' && allowFreeText && typed) store(typed);
    // react-select clears the text on choosing, closing (Escape) and leaving; typing sets it.
    typedText.current = meta.action === 'input-change' ? text : '';
    setInputValue(typedText.current);
  };

  const shared = {
    ...searchableSelectProps,
    inputId: id,
    name: id,
    options: offered,
    value: displayedOption(value, known),
    inputValue,
    defaultMenuIsOpen: Boolean(handover?.text),
    onInputChange: handleInputChange,
    onChange: handleChange,
    onBlur: () => onBlur(id, value),
    onFocus: () => onFocus(id, value),
    placeholder: placeholder || 'Start typing…',
    isClearable: !required,
    isLoading: search.isLoading,
    disabled,
    readOnly: readonly,
    invalid: Boolean(rawErrors?.length),
    'aria-describedby': ariaDescribedByIds(id),
    // Already filtered: by the server for the query, or by matchingSuggestions.
    filterOption: null,
    noOptionsMessage: ({ inputValue: typed }: { inputValue: string }) =>
      typed.trim() ? 'No suggestions' : 'Start typing to see suggestions',
  };

  if (!allowFreeText) return <Select<FieldOption> {...shared} />;
  return (
    <CreatableSelect<FieldOption>
      {...shared}
      formatCreateLabel={(typed) => `Use "${typed.trim()}"`}
    />
  );
}
