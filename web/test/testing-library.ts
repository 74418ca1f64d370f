import { defaultConfig } from '@chakra-ui/react';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { system } from '../src/app/theme';
import EssayField from '../src/forms/fields/EssayField';
import EditorWidget from '../src/forms/widgets/EditorWidget';
import { LazyEditorWidget, LazyEssayField, LazyUploadWidget } from '../src/forms/widgets/lazy-widgets';
import UploadWidget from '../src/forms/widgets/UploadWidget';

/**
 * `findBy…` and `waitFor` wait up to 5 s instead of 1 s: the first render of a lazy route compiles
 * its modules on the fly, which takes over a second when the 2-core machine is busy, and
 * such a test then failed now and then though nothing was wrong.
 */
configure({ asyncUtilTimeout: 5000 });

/**
 * What Testing Library registers by itself where the test functions are globals, done here for
 * every file (its module is loaded once per worker, and the suite imports the functions from
 * 'vitest'): React runs updates inside act(), and every test ends unmounted.
 */
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => cleanup());

/**
 * While it waits (`findBy…`, `waitFor`), Testing Library moves fake timers forward only when it
 * finds them under Jest's name: a test on fake time would otherwise wait for a clock that never moves.
 */
(globalThis as { jest?: unknown }).jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };

/**
 * The essay field, the upload widget and the rich-text widget load on demand in the app; the pages that show them start
 * loading them with their own code (src/forms/widgets/lazy-widgets.tsx). The tests render forms
 * directly: they get the parts already loaded, as such a page usually does by its form's first render.
 */
LazyEssayField.provide(EssayField);
LazyUploadWidget.provide(UploadWidget);
LazyEditorWidget.provide(EditorWidget);

/**
 * The app's Chakra system carries only the recipes of the components the app renders
 * (src/app/theme.ts). A component whose default recipe was left out would render unstyled without
 * any error, so every test fails when a rendered component asks for one.
 */
const watchRecipes = <K extends 'getRecipeFn' | 'getSlotRecipeFn'>(
  missing: Set<string>,
  method: K,
  defaults: Record<string, unknown>,
  own: Record<string, unknown>,
) => {
  const original = system[method].bind(system) as (key: string, fallback?: unknown) => unknown;
  (system as unknown as Record<string, unknown>)[method] = (key: string, fallback?: unknown) => {
    if (key in defaults && !(key in own)) missing.add(`${method === 'getRecipeFn' ? 'recipe' : 'slot recipe'} '${key}'`);
    return original(key, fallback);
  };
};
/** The system outlives this file (one module cache per worker): it is watched once, into one set. */
const WATCHED = Symbol.for('scholarmatch.missing-recipes');
const watched = system as unknown as { [WATCHED]?: Set<string> };
const missingRecipes = (watched[WATCHED] ??= (() => {
  const missing = new Set<string>();
  watchRecipes(missing, 'getRecipeFn', defaultConfig.theme?.recipes ?? {}, system._config.theme?.recipes ?? {});
  watchRecipes(missing, 'getSlotRecipeFn', defaultConfig.theme?.slotRecipes ?? {}, system._config.theme?.slotRecipes ?? {});
  return missing;
})());
afterEach(() => {
  if (missingRecipes.size) {
    const missing = [...missingRecipes].join(', ');
    missingRecipes.clear();
    throw new Error(`A rendered Chakra component needs a default ${missing} that src/app/theme.ts leaves out: add it there.`);
  }
});
