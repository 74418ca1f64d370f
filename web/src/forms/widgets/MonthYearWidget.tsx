import { HStack, NativeSelect } from '@chakra-ui/react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { composeMonthYear, MONTHS, parseMonthYear, selectableYears, type MonthYearParts } from './month-year';

/**
 * A month and a year ('YYYY-MM') as two drop-downs. The field's label names the month select; the
 * year select is named '<title> year'.
 */
export default function MonthYearWidget(props: WidgetProps) {
  const { id, htmlName, value, label, options, disabled, readonly, onChange, onBlur, onFocus } = props;
  const parts = parseMonthYear(value);
  const { fromYear, maxYearsAhead } = options;
  const years = useMemo(() => selectableYears({ fromYear, maxYearsAhead }), [fromYear, maxYearsAhead]);
  const yearId = `${id}__year`;

  const change = (next: Partial<MonthYearParts>) => onChange(composeMonthYear({ ...parts, ...next }) ?? options.emptyValue);
  const blur = () => onBlur(id, value);
  const focus = () => onFocus(id, value);
  const describedBy = ariaDescribedByIds(id);

  return (
    <HStack gap="3" align="stretch" w="full" maxW="md">
      <NativeSelect.Root disabled={disabled || readonly} flex="3">
        <NativeSelect.Field
          id={id}
          name={`${htmlName || id}_month`}
          value={parts.month}
          onChange={(event) => change({ month: event.target.value })}
          onBlur={blur}
          onFocus={focus}
          aria-describedby={describedBy}
        >
          <option value="">Month</option>
          {MONTHS.map((month) => (
            <option key={month.value} value={month.value}>
              {month.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <NativeSelect.Root disabled={disabled || readonly} flex="2">
        <NativeSelect.Field
          id={yearId}
          name={`${htmlName || id}_year`}
          value={parts.year}
          aria-label={`${label} year`}
          onChange={(event) => change({ year: event.target.value })}
          onBlur={blur}
          onFocus={focus}
          aria-describedby={describedBy}
        >
          <option value="">Year</option>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}
