import { defaultConfig } from '@chakra-ui/react';
import { afterEach } from '@jest/globals';
import { configure } from '@testing-library/react';
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
const missingRecipes = new Set<string>();
const watchRecipes = <K extends 'getRecipeFn' | 'getSlotRecipeFn'>(method: K, defaults: Record<string, unknown>, own: Record<string, unknown>) => {
  const original = system[method].bind(system) as (key: string, fallback?: unknown) => unknown;
  (system as unknown as Record<string, unknown>)[method] = (key: string, fallback?: unknown) => {
    if (key in defaults && !(key in own)) missingRecipes.add(`${method === 'getRecipeFn' ? 'recipe' : 'slot recipe'} '${key}'`);
    return original(key, fallback);
  };
};
watchRecipes('getRecipeFn', defaultConfig.theme?.recipes ?? {}, system._config.theme?.recipes ?? {});
watchRecipes('getSlotRecipeFn', defaultConfig.theme?.slotRecipes ?? {}, system._config.theme?.slotRecipes ?? {});
afterEach(() => {
  if (missingRecipes.size) {
    const missing = [...missingRecipes].join(', ');
    missingRecipes.clear();
    throw new Error(`A rendered Chakra component needs a default ${missing} that src/app/theme.ts leaves out: add it there.`);
  }
});
