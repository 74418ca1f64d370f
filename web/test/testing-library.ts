import { configure } from '@testing-library/react';

/**
 * `findBy…` and `waitFor` wait up to 5 s instead of 1 s: the first render of a lazy route compiles
 * its modules on the fly (ts-jest), which takes over a second when the 2-core machine is busy, and
 * such a test then failed now and then though nothing was wrong.
 */
configure({ asyncUtilTimeout: 5000 });
