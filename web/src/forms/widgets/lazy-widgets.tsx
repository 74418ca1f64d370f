import { Box, HStack, Input } from '@chakra-ui/react';
import { ariaDescribedByIds, type FieldProps, type WidgetProps } from '@rjsf/utils';
import { Suspense, lazy, useEffect, useRef, useState, type ComponentType, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { visitorCountryOf } from '../form-context';
import { readHandover, type HandoverWidgetProps, type TypedHandover } from './handover';
import { toFieldOptions } from './select-options';

/** How a lazy widget's stand-in looks until the widget's code has arrived. */
interface StandInLook {
  /** The text its input starts with (a stored phone number; empty for a search). */
  startText: (props: WidgetProps) => string;
  /** Shown in the empty input: the widget's placeholder, or what a drop-down shows as chosen. */
  placeholder: (props: WidgetProps) => { text: string; isValue: boolean };
  type?: 'tel';
  /** Draws what surrounds the input (the phone's country picker). */
  frame?: (props: WidgetProps, input: ReactElement) => ReactElement;
  /** Whether the widget is needed as soon as it shows, not only when reached (a stored phone number is shown split by its calling code). */
  neededAtOnce?: (props: WidgetProps) => boolean;
  /**
   * Whether the text typed into the stand-in is the field's answer (a phone number), so a submit
   * waits for the widget that turns it into the value. A drop-down's typed text is only a search.
   */
  typedTextIsTheAnswer?: boolean;
}

/**
 * Loads of widgets whose stand-in holds an answer the form does not have yet: a submit waits
 * for them (`widgetsHoldingAnswers`), so a phone typed last and submitted at once on a slow network
 * goes with the form instead of the form saying the field is required.
 */
const answersInStandIns = new Set<Promise<void>>();

/** A promise for the widgets still to take over a typed answer from their stand-in, or undefined when none is. */
export function widgetsHoldingAnswers(): Promise<void> | undefined {
  if (answersInStandIns.size === 0) return undefined;
  return Promise.all(answersInStandIns).then(() => undefined);
}

/**
 * A widget whose code loads the first time a person reaches one of its fields (points at it,
 * touches it or moves the focus into it; a phone field with a stored number, when it shows): libphonenumber-js's country data (phone) and
 * react-select (searchable and multiple choice). A page's first load never waits for them
 * (docs/performance.md, "Web bundle"). Until the code arrives, an editable stand-in drawn like the
 * widget takes the typing; the widget then replaces it in one synchronous step, with the typed text, the
 * caret and the focus (docs/performance.md, "Lazy widgets keep every keystroke"). During an IME
 * composition the swap waits for the composition to end.
 */
function lazyWidget(load: () => Promise<{ default: ComponentType<HandoverWidgetProps> }>, look: StandInLook) {
  let loaded: ComponentType<HandoverWidgetProps> | undefined;
  let loading: Promise<void> | undefined;
  /** The stand-ins on the page, each swapping itself for the widget when its code arrives. */
  const waiting = new Set<() => void>();
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        waiting.forEach((swap) => swap());
      },
      (error: unknown) => {
        loading = undefined; // tried again when the stand-in is next focused
        throw error;
      },
    ));

  function LazyWidget(props: WidgetProps) {
    const [Widget, setWidget] = useState(() => loaded);
    const input = useRef<HTMLInputElement>(null);
    const composing = useRef(false);
    const swapWhenComposed = useRef(false);
    const handover = useRef<TypedHandover | undefined>(undefined);
    const startText = useRef(look.startText(props));
    const swap = useRef(() => {});
    swap.current = () => {
      if (!loaded || Widget) return;
      if (composing.current) {
        swapWhenComposed.current = true;
        return;
      }
      handover.current = readHandover(input.current, startText.current);
      // Synchronously: a keystroke cannot land between reading the stand-in and the widget's taking over.
      flushSync(() => setWidget(() => loaded));
    };
    const fetchWidget = () => void preload().catch(() => undefined);
    /** Typing into a stand-in whose text is the answer: the form's submit waits until the widget has it. */
    const holdAnswer = () => {
      if (!look.typedTextIsTheAnswer || loaded) return;
      // Settles either way: a failed load lets the submit go on (and say what is missing).
      const arrival: Promise<void> = preload().then(
        () => void answersInStandIns.delete(arrival),
        () => void answersInStandIns.delete(arrival),
      );
      answersInStandIns.add(arrival);
    };
    useEffect(() => {
      if (Widget) return;
      // Another field of the same kind reached loads the code for this one too.
      const swapWhenLoaded = () => swap.current();
      waiting.add(swapWhenLoaded);
      if (loaded) void Promise.resolve().then(swapWhenLoaded);
      else if (look.neededAtOnce?.(props)) fetchWidget();
      return () => void waiting.delete(swapWhenLoaded);
      // Once: the stand-in listens for the code from its mount.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);

    if (Widget) return <Widget {...props} handover={handover.current} />;
    const { id, htmlName, disabled, readonly } = props;
    const shown = look.placeholder(props);
    const standIn = (
      <Input
        ref={input}
        id={id}
        name={htmlName || id}
        type={look.type}
        // Room for the drop-down's arrow.
        pe={look.type === 'tel' ? undefined : '9'}
        defaultValue={startText.current}
        placeholder={shown.text}
        _placeholder={shown.isValue ? { color: 'fg' } : undefined}
        disabled={disabled}
        readOnly={readonly}
        autoComplete="off"
        data-stand-in=""
        aria-describedby={ariaDescribedByIds(id)}
        // The field reached: pointed at, touched or focused. Typing goes into the stand-in meanwhile.
        onFocus={fetchWidget}
        onPointerEnter={fetchWidget}
        onPointerDown={fetchWidget}
        onChange={holdAnswer}
        onCompositionStart={() => (composing.current = true)}
        onCompositionEnd={() => {
          composing.current = false;
          if (swapWhenComposed.current) swap.current();
        }}
      />
    );
    return look.frame ? look.frame(props, standIn) : standIn;
  }
  return Object.assign(LazyWidget, { preload });
}

/** What a drop-down shows as chosen, from its own options (no code of react-select needed). */
function chosenLabels(props: WidgetProps): string {
  const values = (Array.isArray(props.value) ? props.value : [props.value]).filter((value) => value !== undefined && value !== null && value !== '').map(String);
  const options = toFieldOptions(props.options.enumOptions);
  return values.map((value) => options.find((option) => option.value === value)?.label ?? value).join(', ');
}

/** A drop-down's arrow, drawn as react-select draws it (the stand-in has no menu to open yet). */
function Arrow() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

function DropDownFrame({ input }: { input: ReactElement }) {
  return (
    <Box position="relative" w="full">
      {input}
      <Box position="absolute" insetEnd="3" top="50%" transform="translateY(-50%)" pointerEvents="none" color="fg.muted">
        <Arrow />
      </Box>
    </Box>
  );
}

const dropDownLook = (emptyText: string): StandInLook => ({
  startText: () => '',
  frame: (_props, input) => <DropDownFrame input={input} />,
  placeholder: (props) => {
    const chosen = chosenLabels(props);
    return chosen ? { text: chosen, isValue: true } : { text: props.placeholder || emptyText, isValue: false };
  },
});

const phoneLook: StandInLook = {
  // The stored number as it is ('+15555550123'): the widget splits it by its calling code.
  startText: (props) => (typeof props.value === 'string' ? props.value : ''),
  neededAtOnce: (props) => typeof props.value === 'string' && props.value !== '',
  placeholder: (props) => ({ text: props.placeholder ?? '', isValue: false }),
  type: 'tel',
  typedTextIsTheAnswer: true,
  frame: (props, input) => (
    <HStack gap="2" align="stretch" w="full">
      <Box flex="0 0 8.5rem" borderWidth="1px" rounded="l2" px="3" display="flex" alignItems="center" justifyContent="space-between" textStyle="sm" aria-hidden="true">
        {(visitorCountryOf(props.registry.formContext) ?? String(props.options.defaultCountry ?? 'us')).toUpperCase()}
        <Arrow />
      </Box>
      <Box flex="1">{input}</Box>
    </HStack>
  ),
};

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
    // Chosen once per instance: switching from the Suspense path to the loaded component when the
    // code arrives would mount the part anew, and lose what the person was typing into it.
    const [Loaded] = useState(() => loaded);
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

export const LazyPhoneWidget = lazyWidget(() => import('./PhoneWidget'), phoneLook);
export const LazySearchSelectWidget = lazyWidget(() => import('./SearchSelectWidget'), dropDownLook('Start typing…'));
export const LazyMultiSelectWidget = lazyWidget(() => import('./MultiSelectWidget'), dropDownLook('Choose one or more…'));
export const LazySearchableSelectWidget = lazyWidget(() => import('./SearchableSelectWidget'), dropDownLook('Type to search…'));
