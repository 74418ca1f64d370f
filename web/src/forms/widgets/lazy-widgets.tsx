import { Input } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A widget whose code loads the first time a form shows it. The heavy ones live here:
 * libphonenumber-js's country data (phone) and react-select (searchable and multiple choice),
 * which a requirement form or the sign-up form does not need. Until the code arrives, a
 * disabled input with the field's id keeps the label linked and the layout still.
 */
function lazyWidget(load: () => Promise<{ default: ComponentType<WidgetProps> }>, type?: string) {
  const Widget = lazy(load);
  // RJSF needs a function component, not the object `lazy()` returns.
  return function LazyWidget(props: WidgetProps) {
    return (
      <Suspense fallback={<Input id={props.id} type={type} disabled aria-busy="true" />}>
        <Widget {...props} />
      </Suspense>
    );
  };
}

export const LazyPhoneWidget = lazyWidget(() => import('./PhoneWidget'), 'tel');
export const LazySearchSelectWidget = lazyWidget(() => import('./SearchSelectWidget'));
export const LazyMultiSelectWidget = lazyWidget(() => import('./MultiSelectWidget'));
export const LazySearchableSelectWidget = lazyWidget(() => import('./SearchableSelectWidget'));
