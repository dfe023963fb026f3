import { configure } from '@testing-library/react';

/**
 * findBy* and waitFor wait for what a user would see for up to 10 s (the library's default is 1 s): on a
 * busy 2-core CI machine the first render of a lazily imported screen can take longer than a second.
 */
configure({ asyncUtilTimeout: 10_000 });
