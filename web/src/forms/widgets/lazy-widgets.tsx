import { Input } from '@chakra-ui/react';
import type { FieldProps, WidgetProps } from '@rjsf/utils';
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

/**
 * A widget or field that only some forms show and that brings heavy code of its own: the upload
 * control, the essay (its drawer and DOMPurify) and rich text. The profile's first tab shows none, so its
 * first load no longer carries them (docs/performance.md, "Web bundle"). Pages whose forms show
 * them (a requirement form) call `preload()` when their own code loads, so the part is usually
 * there by the form's first render and renders at once; otherwise nothing stands in until it arrives.
 */
function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
    }));
  const Part = lazy(() => preload().then(() => ({ default: loaded! })));
  function LazyPart(props: P) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  /** Hands over code already loaded (the web tests import the parts themselves). */
  const provide = (component: ComponentType<P>) => {
    loaded = component;
    loading = Promise.resolve();
  };
  return Object.assign(LazyPart, { preload, provide });
}

export const LazyUploadWidget = lazyPart<WidgetProps>(() => import('./UploadWidget'));
export const LazyEssayField = lazyPart<FieldProps>(() => import('../fields/EssayField'));
/** The rich-text description (its stand-in, with DOMPurify; Tiptap comes later still): the studio's Details tab preloads it. */
export const LazyEditorWidget = lazyPart<WidgetProps>(() => import('./EditorWidget'));

/** Starts loading the parts a requirement form shows (an essay, a file). */
export function preloadRequirementParts(): Promise<unknown> {
  return Promise.all([LazyUploadWidget.preload(), LazyEssayField.preload()]);
}

export const LazyPhoneWidget = lazyWidget(() => import('./PhoneWidget'), 'tel');
export const LazySearchSelectWidget = lazyWidget(() => import('./SearchSelectWidget'));
export const LazyMultiSelectWidget = lazyWidget(() => import('./MultiSelectWidget'));
export const LazySearchableSelectWidget = lazyWidget(() => import('./SearchableSelectWidget'));
