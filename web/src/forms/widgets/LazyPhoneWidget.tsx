import { Input } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';

/** libphonenumber-js's country data is the heaviest part of the form engine: load it only for forms with a phone field. */
const PhoneWidget = lazy(() => import('./PhoneWidget'));

/** RJSF needs a function component, not the object `lazy()` returns. */
export default function LazyPhoneWidget(props: WidgetProps) {
  return (
    <Suspense fallback={<Input id={props.id} type="tel" disabled aria-busy="true" />}>
      <PhoneWidget {...props} />
    </Suspense>
  );
}
