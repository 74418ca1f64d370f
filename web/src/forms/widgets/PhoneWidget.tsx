import { HStack, Input } from '@chakra-ui/react';
import { ariaDescribedByIds } from '@rjsf/utils';
import { Select, type SingleValue } from 'chakra-react-select';
import { useLayoutEffect, useRef, useState } from 'react';
import { takeFocus, type TypedHandover, type HandoverWidgetProps } from './handover';
import { visitorCountryOf } from '../form-context';
import {
  composePhoneValue,
  COUNTRY_OPTIONS,
  pickCountry,
  splitPhoneValue,
  type CountryOption,
  type PhoneParts,
} from './phone-numbers';
import { searchableSelectProps } from './select-options';

/** In the closed picker the short form ('IN +91'); in the list the country's name ('India +91'). */
function formatCountry(option: CountryOption, { context }: { context: 'menu' | 'value' }) {
  return context === 'value' ? `${option.value.toUpperCase()} +${option.callingCode}` : option.label;
}

/** The parts after the stand-in's typing: a whole '+…' number is split, anything else is the number. */
function typedParts(parts: PhoneParts, handover: TypedHandover | undefined): PhoneParts {
  if (!handover?.edited) return parts;
  const typed = handover.text;
  return typed.startsWith('+') ? splitPhoneValue(typed, parts.country) : { ...parts, number: typed };
}

/**
 * A phone number ('+<calling code><number>'): a country picker and the number. The country starts
 * as the visitor's (formContext), else `ui:options.defaultCountry`. What the person types is kept
 * as typed, letters included, so the schema can answer 'Please enter only digits!'.
 */
export default function PhoneWidget(props: HandoverWidgetProps) {
  const { id, htmlName, value, label, options, registry, placeholder, required, disabled, readonly, rawErrors, handover } = props;
  const { onChange, onBlur, onFocus } = props;
  const startCountry = pickCountry(visitorCountryOf(registry.formContext), options.defaultCountry as string | undefined);
  const [parts, setParts] = useState<PhoneParts>(() => typedParts(splitPhoneValue(value, startCountry), handover));
  // The value this widget last reported; any other value was set from outside (a reset, a prefill).
  const [reported, setReported] = useState<unknown>(value);

  if (value !== reported) {
    setReported(value);
    setParts(splitPhoneValue(value, parts.country));
  }

  const update = (change: Partial<PhoneParts>) => {
    const next = { ...parts, ...change };
    const composed = composePhoneValue(next) ?? options.emptyValue;
    setParts(next);
    setReported(composed);
    onChange(composed);
  };

  // Taking over from the stand-in (lazy-widgets.tsx): what was typed there becomes the value, and
  // the focus and caret move here before anything else can happen.
  const numberInput = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (handover?.edited) update({});
    takeFocus(numberInput.current, handover);
    // Once, on mount.
  }, []);

  const selectedCountry = COUNTRY_OPTIONS.find((option) => option.value === parts.country) ?? null;
  const describedBy = ariaDescribedByIds(id);

  return (
    <HStack gap="2" align="stretch" w="full">
      <Select<CountryOption>
        {...searchableSelectProps}
        inputId={`${id}__country`}
        aria-label={`${label} country`}
        options={COUNTRY_OPTIONS}
        value={selectedCountry}
        formatOptionLabel={formatCountry}
        disabled={disabled}
        readOnly={readonly}
        invalid={Boolean(rawErrors?.length)}
        chakraStyles={{ container: (base) => ({ ...base, flex: '0 0 8.5rem' }), menu: (base) => ({ ...base, minWidth: '18rem' }) }}
        onChange={(option: SingleValue<CountryOption>) => option && update({ country: option.value })}
        onBlur={() => onBlur(id, value)}
      />
      <Input
        ref={numberInput}
        id={id}
        name={htmlName || id}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={parts.number}
        placeholder={placeholder}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        flex="1"
        onChange={(event) => update({ number: event.target.value })}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        aria-describedby={describedBy}
      />
    </HStack>
  );
}
