import { configure } from '@testing-library/react';
import EssayField from '../src/forms/fields/EssayField';
import { LazyEssayField, LazyUploadWidget } from '../src/forms/widgets/lazy-widgets';
import UploadWidget from '../src/forms/widgets/UploadWidget';

/**
 * `findBy…` and `waitFor` wait up to 5 s instead of 1 s: the first render of a lazy route compiles
 * its modules on the fly (ts-jest), which takes over a second when the 2-core machine is busy, and
 * such a test then failed now and then though nothing was wrong.
 */
configure({ asyncUtilTimeout: 5000 });

/**
 * The essay field and the upload widget load on demand in the app; the pages that show them start
 * loading them with their own code (src/forms/widgets/lazy-widgets.tsx). The tests render forms
 * directly: they get the parts already loaded, as such a page usually does by its form's first render.
 */
LazyEssayField.provide(EssayField);
LazyUploadWidget.provide(UploadWidget);
